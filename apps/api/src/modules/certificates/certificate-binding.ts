/**
 * Associated data for a certificate's ciphertexts: binds them to their owner so that bytes copied
 * into another product's or branch's row fail to decrypt.
 */
export function certificateBinding(row: {
  product_id: string;
  tenant_ref: string;
  branch_ref: string;
}): Buffer {
  return Buffer.from(JSON.stringify([row.product_id, row.tenant_ref, row.branch_ref]));
}
