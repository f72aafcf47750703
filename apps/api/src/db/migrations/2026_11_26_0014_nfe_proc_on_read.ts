import { sql, type Kysely } from 'kysely';

// The nfeProc is the signed NF-e followed by its protNFe. Storing it doubled every authorised
// document's XML (TOAST pages, WAL, and the vacuum that follows them, issues #16 and #21); it is
// now put together when it is read, from document_xml and prot_nfe. Rows stored before keep their
// copy and are served as they are.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table document_protocols alter column nfe_proc drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update document_protocols p
            set nfe_proc = '<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">'
                           || regexp_replace(x.xml, '^<\\?xml[^>]*\\?>\\s*', '') || p.prot_nfe || '</nfeProc>'
            from document_xml x where x.document_id = p.document_id and p.nfe_proc is null`.execute(
    db,
  );
  await sql`alter table document_protocols alter column nfe_proc set not null`.execute(db);
}
