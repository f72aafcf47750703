// Part 1 — library: build + sign one NF-e with @emissor/nfe-xml + @emissor/signer, side by side
// with the generic xml-crypto path and the npm peers nfewizard-io and node-sped-nfe signing the
// same XML, plus the node:crypto RSA-2048 sign rate as the floor, and the DANFE (@emissor/danfe)
// of the signed document.
import { generateKeyPairSync, sign as rsaSign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sampleNfeXml } from './fixtures.mjs';
import { fmtMs, fmtRate, measure, measureSync, table } from './stats.mjs';

const RULE_ID = '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21';

/**
 * The tests' `emissionRequest` (@emissor/test-support, loaded once the build exists) with heavier
 * items: a GTIN and six tax lines each (ICMS 10 with FCP and ST, IPI, PIS, COFINS), about 1 KB of
 * det per item. The build figure for a tax-rich document.
 */
function heavyEmissionRequest(emissionRequest, refs, { items = 1 } = {}) {
  const request = emissionRequest(refs, { items, verProc: 'emissor-bench 1.0' });
  const line = (tax_domain, fields) => ({
    tax_domain,
    base_calc: '21.00',
    base_calc_percent: '100',
    valor: '0',
    rule_id: RULE_ID,
    ...fields,
  });
  request.itens = request.itens.map((item) => ({
    ...item,
    gtin: '7891000315507',
    fiscal_result: {
      ...item.fiscal_result,
      cst: '10',
      tributos: [
        line('icms', { cst: '10', aliquota: '18.00', valor: '3.78' }),
        line('fcp', { fcp_percent: '2', valor: '0.42' }),
        line('icms_st', { base_calc: '29.40', aliquota_st: '18', mva: '40', valor: '1.51' }),
        line('ipi', { cst: '50', aliquota: '5', valor: '1.05' }),
        line('pis', { cst: '01', aliquota: '1.65', valor: '0.35' }),
        line('cofins', { cst: '01', aliquota: '7.60', valor: '1.60' }),
      ],
    },
  }));
  // vNF grows by ST and IPI: 21.00 + 1.51 + 1.05 an item.
  request.pagamento = { tpag: '01', valor: (23.56 * items).toFixed(2) };
  return request;
}

const versionOf = (name) => {
  try {
    return JSON.parse(
      readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8'),
    ).version;
  } catch {
    return '?';
  }
};

/** How @emissor/nfe-xml builds today, or why it cannot (it is being written in parallel). */
async function loadBuilder() {
  let mod;
  try {
    mod = await import('@emissor/nfe-xml');
  } catch (error) {
    return { reason: `@emissor/nfe-xml does not load: ${error.message.split('\n')[0]}` };
  }
  const params = {
    numero: 1,
    codigoNumerico: '40718293',
    issuedAt: new Date('2026-01-15T13:00:00Z'),
  };
  if (typeof mod.buildNfe === 'function')
    return { name: 'buildNfe', build: (input) => mod.buildNfe({ ...input, ...params }) };
  return { reason: '@emissor/nfe-xml/dist does not export buildNfe' };
}

const xmlOf = (built) => (typeof built === 'string' ? built : built.xml);

/**
 * Build + sign of each emission example the contract serves in /docs, parsed as the API parses a
 * body; empty when the contract has no examples to read (an older build).
 */
async function measureExamples(signNfe, credentials, timing) {
  const { bodyExamples, contract, EmissaoRequestSchema } = await import('@emissor/contract');
  const { buildNfe } = await import('@emissor/nfe-xml');
  const examples = bodyExamples?.(contract.emissions.emit.body) ?? {};
  // Issued now: the examples' dates (due dates, batches) are checked against the day of issue.
  const params = { numero: 1, codigoNumerico: '40718293', issuedAt: new Date() };
  return Object.entries(examples).map(([name, { value }]) => {
    const input = EmissaoRequestSchema.parse(value);
    const build = () => buildNfe({ ...input, ...params }).xml;
    return {
      name,
      items: input.itens.length,
      bytes: Buffer.byteLength(build()),
      buildSign: measureSync(() => signNfe(build(), credentials), timing),
    };
  });
}

/** renderDanfe of @emissor/danfe, or null when it does not load (not built). */
async function loadDanfe(log) {
  try {
    return (await import('@emissor/danfe')).renderDanfe;
  } catch (error) {
    log(`library: @emissor/danfe does not load (${error.message.split('\n')[0]}): no DANFE column`);
    return null;
  }
}

/** Signs and checks with our verifier (all peers must produce a signature SEFAZ would accept). */
function checkSigned(signed, verifyNfe) {
  const r = verifyNfe(signed);
  return r.valid ? 'yes' : `no (${r.reason})`;
}

/*
 * node-sped-nfe throws inside `new Promise(async …)` executors: the error becomes an unhandled
 * rejection and the promise it returned never settles. Capture such rejections while a call is
 * pending and fail that call with the real error (bounded by a timeout as well).
 */
let pendingReject = null;
process.on('unhandledRejection', (reason) => {
  if (pendingReject) pendingReject(reason);
  else process.stderr.write(`unhandled rejection outside a measured call: ${reason}\n`);
});
function guarded(fn, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => finish(reject, new Error(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const finish = (settle, value) => {
      clearTimeout(timer);
      pendingReject = null;
      settle(value);
    };
    pendingReject = (reason) =>
      finish(reject, reason instanceof Error ? reason : new Error(String(reason)));
    Promise.resolve()
      .then(fn)
      .then(
        (v) => finish(resolve, v),
        (e) => finish(reject, e),
      );
  });
}

async function setupPeers(ctx) {
  const peers = [];

  // xml-crypto over an @xmldom DOM: the generic path (tooling/test-support referenceSignNfe).
  peers.push({
    name: `xml-crypto ${versionOf('xml-crypto')} (generic DOM path)`,
    short: 'xml-crypto',
    async setup() {
      const { referenceSignNfe } = await import('@emissor/test-support');
      return {
        sync: true,
        sign: (xml) => referenceSignNfe(xml, ctx.pfx.privateKeyPem, ctx.pfx.certificatePem),
      };
    },
  });

  // nfewizard-io: Environment.loadEnvironment() reads the PFX from a path (OpenSSL via `pem`, or
  // node-forge), then XmlBuilder.assinarXML(xml, 'infNFe') signs with xml-crypto — the call its
  // NFEAutorizacao makes after serialising the JSON with xml2js.
  peers.push({
    name: `nfewizard-io ${versionOf('nfewizard-io')}`,
    short: 'nfewizard-io',
    async setup() {
      const wizard = await import('nfewizard-io');
      const env = new wizard.Environment({
        dfe: {
          pathCertificado: ctx.pfxPath,
          senhaCertificado: ctx.pfx.password,
          UF: 'SP',
          CPFCNPJ: '12345678000195',
        },
        nfe: { ambiente: 2, versaoDF: '4.00' },
        lib: { useOpenSSL: false, useForSchemaValidation: 'validateSchemaJsBased' },
      });
      await env.loadEnvironment();
      const builder = new wizard.XmlBuilder(env);
      return { sync: true, sign: (xml) => builder.assinarXML(xml, 'infNFe') };
    },
  });

  // node-sped-nfe: Tools({...}, {pfx, senha}).xmlSign(xml). Its certificate loader (`pem`) shells
  // out to `openssl pkcs12` on every call, then xml-crypto signs and fast-xml-parser round-trips.
  peers.push({
    name: `node-sped-nfe ${versionOf('node-sped-nfe')}`,
    short: 'node-sped-nfe',
    async setup() {
      const { Tools } = await import('node-sped-nfe');
      const tools = new Tools(
        {
          mod: '55',
          UF: 'SP',
          tpAmb: 2,
          versao: '4.00',
          CNPJ: '12345678000195',
          xmllint: 'xmllint',
        },
        { pfx: ctx.pfxPath, senha: ctx.pfx.password },
      );
      return { sync: false, sign: (xml) => guarded(() => tools.xmlSign(xml), 60_000) };
    },
  });
  return peers;
}

export async function runLibrary({ quick, log }) {
  const { emissionRequest, generateTestPfx } = await import('@emissor/test-support');
  const { readPkcs12, signNfe, verifyNfe } = await import('@emissor/signer');

  const sizes = [1, 10, 100, 990];
  const timing = quick
    ? { warmup: 2, warmupMs: 100, minMs: 150, maxMs: 3000, minIters: 3, maxIters: 2000 }
    : { warmup: 5, warmupMs: 1000, minMs: 2000, maxMs: 20_000, minIters: 10, maxIters: 100_000 };

  log('library: generating a 2048-bit test PFX');
  const pfx = generateTestPfx({ keySize: 2048, cnpj: '12345678000195' });
  const dir = mkdtempSync(join(tmpdir(), 'emissor-bench-pfx-'));
  const pfxPath = join(dir, 'cert.pfx');
  writeFileSync(pfxPath, pfx.pfx, { mode: 0o600 });
  const credentials = readPkcs12(pfx.pfx, pfx.password);
  const ctx = { pfx, pfxPath };

  try {
    const builder = await loadBuilder();
    const renderDanfe = await loadDanfe(log);
    const xmlSource = builder.build
      ? `@emissor/nfe-xml ${builder.name} from the emission request (items as apps/api/test/helpers/emission.ts)`
      : `the shared SEFAZ-RS sample NF-e 4.00 with its <det> repeated (${builder.reason})`;
    log(`library: XML from ${xmlSource}`);

    const docs = sizes.map((items) => {
      const input = emissionRequest(
        { tenant_ref: 't', branch_ref: 'b' },
        { items, verProc: 'emissor-bench 1.0' },
      );
      const xml = builder.build ? xmlOf(builder.build(input)) : sampleNfeXml(items);
      // Same document without escaped characters in xProd, for a peer that fails on entities.
      const plainInput = {
        ...input,
        itens: input.itens.map((it, i) => ({
          ...it,
          descricao: `Produto de teste ${i + 1} e cia ltda`,
        })),
      };
      const plainXml = builder.build ? xmlOf(builder.build(plainInput)) : xml;
      return { items, input, xml, plainXml, bytes: Buffer.byteLength(xml) };
    });

    const peers = await setupPeers(ctx);
    const ready = [];
    for (const p of peers) {
      try {
        const impl = await p.setup();
        // One real call, checked by our verifier, before timing anything.
        const signed = await impl.sign(docs[0].xml);
        ready.push({ ...p, impl, valid: checkSigned(signed, verifyNfe) });
        log(`library: ${p.short} ready (signature valid: ${ready.at(-1).valid})`);
      } catch (error) {
        const reason = String(error?.message ?? error)
          .split('\n')[0]
          .slice(0, 300);
        ready.push({ ...p, impl: null, reason });
        log(`library: ${p.short} cannot run: ${reason}`);
      }
    }

    const rows = [];
    for (const doc of docs) {
      const row = { items: doc.items, bytes: doc.bytes, results: {} };
      // Ours: sign only, and build + sign (what the API does per emission, minus the database).
      row.results.oursSign = measureSync(() => signNfe(doc.xml, credentials), timing);
      if (builder.build) {
        row.results.oursBuild = measureSync(() => builder.build(doc.input), timing);
        row.results.oursBuildSign = measureSync(
          () => signNfe(xmlOf(builder.build(doc.input)), credentials),
          timing,
        );
      }
      // The DANFE PDF of the signed NF-e (no protocol yet, so it carries the not-authorised mark).
      if (renderDanfe) {
        const signed = signNfe(doc.xml, credentials);
        row.results.oursDanfe = await measure(() => renderDanfe(signed), timing);
      }
      for (const p of ready) {
        if (!p.impl) continue;
        const run = (xml) =>
          p.impl.sync
            ? measureSync(() => p.impl.sign(xml), timing)
            : measure(() => p.impl.sign(xml), timing);
        try {
          row.results[p.short] = await run(doc.xml);
        } catch (error) {
          const message = String(error?.message ?? error)
            .split('\n')[0]
            .slice(0, 200);
          log(
            `library: ${p.short} failed at ${doc.items} items: ${message}; retrying without escaped characters`,
          );
          try {
            row.results[p.short] = {
              ...(await run(doc.plainXml)),
              variant: 'entity-free',
              error: message,
            };
          } catch (again) {
            row.results[p.short] = {
              error: message,
              retryError: String(again?.message ?? again)
                .split('\n')[0]
                .slice(0, 200),
            };
          }
        }
      }
      log(
        `library: ${doc.items} items: ` +
          Object.entries(row.results)
            .map(([k, v]) => `${k} ${v.error ? 'error' : fmtMs(v.mean) + ' ms'}`)
            .join(', '),
      );
      rows.push(row);
    }

    // A tax-rich 990-item document: what buildNfe costs when every item carries six tax lines.
    let heavyBuild = null;
    if (builder.build) {
      const heavyInput = heavyEmissionRequest(
        emissionRequest,
        { tenant_ref: 't', branch_ref: 'b' },
        { items: 990 },
      );
      heavyBuild = measureSync(() => builder.build(heavyInput), timing);
      log(`library: buildNfe of 990 items with six tax lines each: ${fmtMs(heavyBuild.mean)} ms`);
    }

    // Whole documents: every emission example of the OpenAPI document (a sale on credit with a
    // carrier and duplicatas, a devolução, a marketplace sale, an export, ...), build + sign.
    const loaded = builder.build ? await measureExamples(signNfe, credentials, timing) : [];
    for (const row of loaded)
      log(
        `library: example "${row.name}" (${row.bytes} bytes): build+sign ${fmtMs(row.buildSign.mean)} ms`,
      );

    // The floor: one RSA-2048 PKCS#1 v1.5 signature over SHA-1 (what every signer must do once).
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const payload = Buffer.alloc(600, 'a'); // about the size of a canonical SignedInfo
    const floor = measureSync(() => rsaSign('sha1', payload, privateKey), timing);

    return {
      part: 'library',
      quick,
      xmlSource,
      builder: builder.name ?? null,
      builderReason: builder.reason ?? null,
      peers: ready.map((p) => ({
        name: p.name,
        short: p.short,
        valid: p.valid ?? null,
        reason: p.reason ?? null,
      })),
      rows,
      heavyBuild,
      loaded,
      floor,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function renderLibrary(r) {
  const ours = (row) => row.results.oursBuildSign ?? row.results.oursSign;
  const oursLabel = r.builder ? 'ours build+sign' : 'ours sign (build n/a)';
  const peerCols = r.peers;
  const headers = ['items', 'XML bytes', `${oursLabel} ms/op`, 'docs/s'];
  if (r.builder) headers.push('ours sign-only ms', 'ours build-only ms');
  const danfe = r.rows.some((row) => row.results.oursDanfe);
  if (danfe) headers.push('ours DANFE PDF ms');
  for (const p of peerCols)
    headers.push(`${p.short} ms/op`, `${p.short} docs/s`, `${p.short} ÷ ours`);
  const rows = r.rows.map((row) => {
    const o = ours(row);
    const cells = [
      row.items,
      row.bytes.toLocaleString('en-US'),
      fmtMs(o.mean),
      fmtRate(o.opsPerSec),
    ];
    if (r.builder) cells.push(fmtMs(row.results.oursSign.mean), fmtMs(row.results.oursBuild.mean));
    if (danfe) cells.push(row.results.oursDanfe ? fmtMs(row.results.oursDanfe.mean) : '—');
    for (const p of peerCols) {
      const m = row.results[p.short];
      if (!m) cells.push('cannot run', '—', '—');
      else if (m.variant)
        cells.push(`${fmtMs(m.mean)} ⚠`, fmtRate(m.opsPerSec), `${(m.mean / o.mean).toFixed(1)}×`);
      else if (m.error) cells.push('fails ⚠', '—', '—');
      else cells.push(fmtMs(m.mean), fmtRate(m.opsPerSec), `${(m.mean / o.mean).toFixed(1)}×`);
    }
    return cells;
  });
  const out = [table(headers, rows)];
  out.push('');
  out.push(
    `Floor: node:crypto RSA-2048 PKCS#1 v1.5/SHA-1 sign: ${fmtMs(r.floor.mean)} ms/op = ${fmtRate(r.floor.opsPerSec)} signatures/s (one core).`,
  );
  if (r.loaded?.length) {
    out.push('');
    out.push(
      'Whole documents, the emission examples of `/docs` (every group they fill), build+sign:',
    );
    out.push('');
    out.push(
      table(
        ['example', 'items', 'XML bytes', 'build+sign ms/op'],
        r.loaded.map((d) => [
          d.name,
          d.items,
          d.bytes.toLocaleString('en-US'),
          fmtMs(d.buildSign.mean),
        ]),
      ),
    );
  }
  out.push('');
  out.push(
    `XML: ${r.xmlSource}. Peers sign exactly the same string; each peer's first output was checked with @emissor/signer's verifyNfe:`,
  );
  for (const p of r.peers)
    out.push(
      `- ${p.name}: ${p.reason ? `**cannot run here** — ${p.reason}` : `signature valid: ${p.valid}`}`,
    );
  for (const row of r.rows) {
    for (const p of r.peers) {
      const m = row.results[p.short];
      if (m?.variant)
        out.push(
          `- ⚠ ${p.short} at ${row.items} items **fails on the same XML**: \`${m.error}\`; the figure shown is for the same document with no escaped characters (\`&amp;\`, \`&lt;\`, \`&gt;\`) in xProd.`,
        );
      else if (m?.error)
        out.push(
          `- ⚠ ${p.short} at ${row.items} items fails: \`${m.error}\`${m.retryError ? `; without escaped characters too: \`${m.retryError}\`` : ''}.`,
        );
    }
  }
  out.push('');
  out.push(
    'ms/op is the mean over a bounded loop (at least 2 s) after a warm-up of at least 5 calls and 1 s; "÷ ours" = peer ms/op ÷ ours ms/op (higher = ours faster).',
  );
  return out.join('\n');
}
