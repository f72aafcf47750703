import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { EmissaoRequestSchema } from '@emissor/contract';
import { emissionRequest } from '@emissor/test-support';

import { emissionFingerprints, sameEmission } from './emission-fingerprint.js';

const parsed = (body: unknown) => EmissaoRequestSchema.parse(body);
const refs = { tenant_ref: 't', branch_ref: 'b' };

function withRuleIds(body: ReturnType<typeof emissionRequest>, ruleId: () => string) {
  for (const item of body.itens)
    for (const line of item.fiscal_result.tributos) line.rule_id = ruleId();
  return body;
}

describe('emissionFingerprints', () => {
  it('is the same whatever rule ids the tax lines carry', () => {
    const a = emissionFingerprints(
      parsed(withRuleIds(emissionRequest(refs, { items: 3 }), randomUUID)),
    );
    const b = emissionFingerprints(
      parsed(withRuleIds(emissionRequest(refs, { items: 3 }), randomUUID)),
    );
    expect(a.current).toBe(b.current);
    expect(a.legacy()).not.toBe(b.legacy());
  });

  it('differs for anything the NF-e would show', () => {
    const base = emissionFingerprints(parsed(emissionRequest(refs))).current;
    const other = emissionRequest(refs);
    other.itens[0]!.fiscal_result.tributos[0]!.valor = '3.79';
    expect(emissionFingerprints(parsed(other)).current).not.toBe(base);
  });

  it('never cuts text that only looks like a rule id', () => {
    const uuid = randomUUID();
    const plain = emissionRequest(refs);
    const lookalike = emissionRequest(refs);
    lookalike.itens[0]!.descricao = `Caixa ,"rule_id":"${uuid}"`;
    plain.itens[0]!.descricao = 'Caixa ';
    expect(emissionFingerprints(parsed(lookalike)).current).not.toBe(
      emissionFingerprints(parsed(plain)).current,
    );
  });

  it('matches a stored fingerprint of either kind, or none', () => {
    const fingerprints = emissionFingerprints(parsed(emissionRequest(refs)));
    expect(sameEmission(fingerprints.current, fingerprints)).toBe(true);
    expect(sameEmission(fingerprints.legacy(), fingerprints)).toBe(true);
    expect(sameEmission(null, fingerprints)).toBe(true);
    expect(sameEmission('0'.repeat(64), fingerprints)).toBe(false);
  });
});
