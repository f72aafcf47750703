import { createHash } from 'node:crypto';

import { modulo11CheckDigit, type NfeRequest } from '@emissor/nfe-xml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { csrtFromSecret } from '../src/rules/csrt.js';
import type { RunningSimulator } from '../src/server.js';
import type { Company } from './helpers/companies.js';
import { company } from './helpers/companies.js';
import { createTestDatabase } from './helpers/database.js';
import { enviNFe, nfeRequest, signedNfe } from './helpers/documents.js';
import { SimulatorSession } from './helpers/sefaz-session.js';
import { startTestSimulator } from './helpers/simulator.js';

// What the local SEFAZ checks against what it keeps: the NF-e a document references (267, rule
// 3BA02-10) and the CSRT it was given (976 / 978), over mutual TLS (that the
// command line never prints the CSRT is checked in apps/sefaz-simulator).

const CSRT = 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO';
let simulator: RunningSimulator;
let session: SimulatorSession;
let acme: Company;

beforeAll(async () => {
  simulator = await startTestSimulator(await createTestDatabase(), {
    csrt: csrtFromSecret('01', CSRT),
  });
  session = new SimulatorSession(simulator);
  acme = company('58716523000119');
});

afterAll(async () => {
  session?.close();
  await simulator?.close();
});

/** The cStat and xMotivo of the one note of a synchronous lot. */
async function authorise(xml: string): Promise<string> {
  const answer = await session.send(acme, 'NFeAutorizacao4', enviNFe([xml], '1'));
  if (answer.answer.kind !== 'retEnviNFe' || !answer.answer.protNFe)
    throw new Error(answer.message);
  return `${answer.answer.protNFe.cStat} ${answer.answer.protNFe.xMotivo}`;
}

/** A return (finNFe 4, tPag 90) referencing `chave`. */
function returnOf(chave: string): Partial<NfeRequest> {
  const [item] = nfeRequest(acme.cnpj).itens;
  if (!item) throw new Error('item expected');
  return {
    fin_nfe: '4',
    documentos_referenciados: [{ chave_acesso: chave }],
    itens: [{ ...item, cfop: '5202', fiscal_result: { ...item.fiscal_result, cfop: '5202' } }],
    pagamento: { tpag: '90', valor: '0' },
  };
}

/** `chave` with another state code and number, and its check digit recomputed. */
function otherChave(chave: string, cUF: string, nNF: string): string {
  const body = cUF + chave.slice(2, 25) + nNF + chave.slice(34, 43);
  return body + modulo11CheckDigit(body);
}

/** infRespTec with the hashCSRT of `csrt`, closing infNFe before signing. */
function withRespTec(csrt: string) {
  return (xml: string): string => {
    const chave = /Id="NFe(\d{44})"/.exec(xml)?.[1] ?? '';
    const hash = createHash('sha1')
      .update(csrt + chave)
      .digest('base64');
    return xml.replace(
      '</infNFe>',
      '<infRespTec><CNPJ>11222333000181</CNPJ><xContato>Suporte Emissor</xContato>' +
        '<email>suporte@emissor.dev</email><fone>11987654321</fone>' +
        `<idCSRT>01</idCSRT><hashCSRT>${hash}</hashCSRT></infRespTec></infNFe>`,
    );
  };
}

describe('the NF-e a document references must be in the registry (267)', () => {
  it('authorises a return of an authorised sale, refuses one of an unknown note of the state', async () => {
    const sale = signedNfe(acme, { numero: 1 });
    expect(await authorise(sale.xml)).toMatch(/^100 /);
    const goodReturn = signedNfe(acme, { numero: 2, request: returnOf(sale.chave) });
    expect(await authorise(goodReturn.xml)).toMatch(/^100 /);

    const unknown = otherChave(sale.chave, '35', '000000099');
    const badReturn = signedNfe(acme, { numero: 3, request: returnOf(unknown) });
    expect(await authorise(badReturn.xml)).toBe(
      '267 Rejeição: Chave de Acesso referenciada inexistente [nRef: 1]',
    );
    // Refused, not registered: its number is still free for a corrected note.
    const corrected = signedNfe(acme, {
      numero: 3,
      codigoNumerico: '10203041',
      request: returnOf(sale.chave),
    });
    expect(await authorise(corrected.xml)).toMatch(/^100 /);
  });

  it("does not look up a note of another state (that state's register)", async () => {
    const sale = signedNfe(acme, { numero: 4 });
    const elsewhere = otherChave(sale.chave, '41', '000000099');
    const note = signedNfe(acme, { numero: 5, request: returnOf(elsewhere) });
    expect(await authorise(note.xml)).toMatch(/^100 /);
  });
});

describe('infRespTec against the CSRT the simulator was given', () => {
  it('authorises the right hashCSRT, refuses another (978) and an unknown idCSRT (976)', async () => {
    const right = signedNfe(acme, { numero: 10, beforeSigning: withRespTec(CSRT) });
    expect(await authorise(right.xml)).toMatch(/^100 /);
    const wrong = signedNfe(acme, { numero: 11, beforeSigning: withRespTec('ANOTHER') });
    expect(await authorise(wrong.xml)).toBe('978 Rejeição: Hash do CSRT diverge do calculado');
    const unknownId = signedNfe(acme, {
      numero: 12,
      beforeSigning: (xml) => withRespTec(CSRT)(xml).replace('<idCSRT>01<', '<idCSRT>07<'),
    });
    expect(await authorise(unknownId.xml)).toBe(
      '976 Rejeição: Identificador do CSRT não cadastrado na SEFAZ',
    );
  });
});
