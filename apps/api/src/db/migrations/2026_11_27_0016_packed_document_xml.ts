import { sql, type Kysely } from 'kysely';

// Issue #21: a signed 10-item NF-e left PostgreSQL's TOAST compression at about 3.9 KB, out of
// line in two chunks, about three quarters of the new pages an emission adds. New documents are
// stored packed instead (src/storage/xml-packing.js): deflate with a preset dictionary made of
// fixed NF-e text and the signing certificate, about 1 KB, inline in the row.
//
// - `packing_certificates` holds each certificate's text once (content-addressed by its SHA-256),
//   since a packed document can only be read with the dictionary it was packed with. Rows are never
//   deleted, and document_xml refers to them without a foreign key: a key check on one hot row
//   from every concurrent emission would share-lock it from many transactions at once.
// - `packed` is stored EXTERNAL: it is already compressed, so PostgreSQL does not try again.
// - The XML now fills document_xml's own pages rather than its TOAST table's, so its autovacuum gets
//   the pace migration 0013 gave the TOAST table (10 ms per cost round): measured at the default
//   pace, each insert-driven pass over the table slowed the windows it ran in (p99 up to 309 ms).
// - Documents stored before keep their `xml` text and are read as they are.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table packing_certificates (
    id integer generated always as identity primary key,
    sha256 bytea not null unique,
    certificate_base64 text not null
  )`.execute(db);
  // One lock for the catalogue changes (no row is rewritten); the check is added NOT VALID and
  // validated after, so checking the existing rows (every document so far) takes a lock that lets
  // emissions go on instead of blocking them for the length of a full scan.
  await sql`alter table document_xml
    alter column xml drop not null,
    add column packing smallint,
    add column packing_certificate_id integer,
    add column packed bytea,
    alter column packed set storage external,
    add constraint document_xml_one_form check (
      (xml is not null and packed is null)
      or (xml is null and packed is not null and packing is not null
          and packing_certificate_id is not null)) not valid`.execute(db);
  await sql`alter table document_xml validate constraint document_xml_one_form`.execute(db);
  await sql`alter table document_xml set (autovacuum_vacuum_cost_delay = 10)`.execute(db);
}

// Going back would lose every document stored packed (SQL cannot unpack them): refused while any is.
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      if exists (select 1 from document_xml where packed is not null) then
        raise exception 'document_xml holds packed documents: migration 0016 cannot be undone';
      end if;
    end $$`.execute(db);
  await sql`alter table document_xml reset (autovacuum_vacuum_cost_delay)`.execute(db);
  await sql`alter table document_xml
    drop constraint document_xml_one_form,
    drop column packed, drop column packing_certificate_id, drop column packing,
    alter column xml set not null`.execute(db);
  await sql`drop table packing_certificates`.execute(db);
}
