import { prepareNfe, ResponsavelTecnico, type NfeRequest } from '@emissor/nfe-xml';
import { readPkcs12 } from '@emissor/signer';
import { emissionRequest, regimeNormalItem } from '@emissor/test-support';
import { describe, expect, it } from 'vitest';

import { refuseUnsendable } from '../src/modules/emissions/document-size.js';
import { RequestValidationFailure } from '../src/errors.js';
import { testPfx } from './helpers/certificates.js';

// The size check before a number is taken measures the whole signed document, infRespTec (and its
// hashCSRT) included, and is where the rules tying the request to the instant of issue are 422s.

const pfx = testPfx();
const credentials = readPkcs12(pfx.pfx, pfx.password);
const respTec = ResponsavelTecnico.from({
  cnpj: '11222333000181',
  contato: 'Suporte Emissor',
  email: 'suporte@emissor.dev',
  fone: '11987654321',
  csrt_id: '01',
  csrt: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO',
});
const issuedAt = new Date('2026-11-21T22:30:00Z');

/** 990 items with long descriptions: far over SEFAZ's 500 KB. */
function tooLarge(): NfeRequest {
  const request = emissionRequest({ tenant_ref: 't', branch_ref: 'b' }, { items: 990 });
  return {
    ...request,
    itens: request.itens.map((_, i) =>
      regimeNormalItem(i + 1, { descricao: `Item ${i + 1} `.padEnd(120, 'x') }),
    ),
    pagamento: { tpag: '01', valor: (21 * 990).toFixed(2) },
  };
}

function failure(fn: () => void): RequestValidationFailure {
  try {
    fn();
  } catch (error) {
    if (error instanceof RequestValidationFailure) return error;
    throw error;
  }
  throw new Error('expected a RequestValidationFailure');
}

describe('refuseUnsendable and the document-level groups', () => {
  it('counts infRespTec in the size it measures', () => {
    const sizeOf = (nfe: ReturnType<typeof prepareNfe>) =>
      (
        failure(() => refuseUnsendable(nfe, credentials, issuedAt)).issues[0]?.ctx as {
          size_bytes: number;
        }
      ).size_bytes;
    const without = sizeOf(prepareNfe(tooLarge()));
    const withRespTec = prepareNfe(tooLarge(), { responsavelTecnico: respTec });
    const chave = withRespTec.render({
      numero: 999_999_999,
      codigoNumerico: '31415926',
      issuedAt,
    }).chave;
    expect(sizeOf(withRespTec) - without).toBe(Buffer.byteLength(respTec.render(chave), 'utf8'));
  });

  it('turns the instant rules of data_saida_entrada into a 422 at body.data_saida_entrada', () => {
    const request = {
      ...emissionRequest({ tenant_ref: 't', branch_ref: 'b' }),
      data_saida_entrada: '2026-11-21T19:00:00-03:00',
    } as NfeRequest;
    const refused = failure(() => refuseUnsendable(prepareNfe(request), credentials, issuedAt));
    expect(refused.issues).toEqual([
      expect.objectContaining({ loc: ['body', 'data_saida_entrada'], type: 'nfe_rule' }),
    ]);
    expect(() =>
      refuseUnsendable(prepareNfe(request), credentials, new Date('2026-11-21T21:59:59Z')),
    ).not.toThrow();
  });
});
