import type { NfeItem, NfeRequest } from '../../src/index.js';
import { item, request } from '../fixtures.js';
import {
  chargedItem,
  FULL_BATCHES,
  FULL_DI,
  FULL_EXPORT,
  FULL_FUEL,
  FULL_MEDICINE,
  MINIMAL_DI,
  SUPPLIER_CHAVE,
  VEHICLE,
} from '../item-group-fixtures.js';
import { codedItem, RECOPI, WEAPONS } from '../product-details-fixtures.js';
import { FOREIGN_SELLER } from './taxes.js';

/*
 * Documents with the item's own groups: the charges (vDesc, vFrete, vSeg, vOutro), xPed/nItemPed,
 * EXTIPI, infAdProd, detExport with an indirect export, rastro, med, comb with every optional
 * field, veicProd, arma, nRECOPI, DI with its additions (a buyer by CNPJ and by CPF),
 * impostoDevol, and the codes around them: cBarra, NVE, indEscala/CNPJFab, gCred, cBarraTrib,
 * nFCI, infProdEmb and obsItem.
 */

const PAID = { tpag: '01', valor: '100000' };

/** Every item field and product group of a sale, each on its own item. */
function productGroups(): NfeRequest {
  return request({
    pagamento: PAID,
    // An indirect export and the fuel's origin are checked against a referenced NF-e.
    documentos_referenciados: [{ chave_acesso: SUPPLIER_CHAVE }],
    itens: [
      chargedItem({
        exportacao: FULL_EXPORT,
        rastreabilidade: FULL_BATCHES,
        medicamento: FULL_MEDICINE,
      }),
      chargedItem({ combustivel: FULL_FUEL }),
      chargedItem({ veiculo: VEHICLE }),
    ],
  });
}

/** Every code of `<prod>`, the packaging and the item's notes; weapons and immune paper. */
function codedProducts(): NfeRequest {
  return request({
    pagamento: PAID,
    itens: [
      codedItem(),
      codedItem({ armas: WEAPONS, embalagem: null }),
      codedItem({ numero_recopi: RECOPI }),
    ],
  });
}

const importItem = (importacao: NfeItem['importacao']): NfeItem =>
  item({
    cfop: '3102',
    fiscal_result: {
      cfop: '3102',
      consumidor_final: false,
      indicador_ie: '9',
      csosn: '102',
      tributos: [],
    },
    importacao,
  });

/** An entry of imported goods: declarations with every field, the buyer by CNPJ and by CPF. */
function importDeclarations(): NfeRequest {
  const { cnpj: _cnpj, ...byPerson } = FULL_DI;
  return request({
    pagamento: PAID,
    tp_nf: '0',
    uf_destino_tipo: 'exterior',
    destinatario: FOREIGN_SELLER,
    itens: [importItem([FULL_DI, MINIMAL_DI]), importItem([{ ...byPerson, cpf: '12345678909' }])],
  });
}

/** A return of goods (finNFe 4) with the share returned and the IPI returned. */
function returnOfGoods(): NfeRequest {
  return request({
    fin_nfe: '4',
    documentos_referenciados: [{ chave_acesso: SUPPLIER_CHAVE }],
    pagamento: { tpag: '90', valor: '0' },
    itens: [
      item({
        cfop: '5202',
        fiscal_result: {
          cfop: '5202',
          consumidor_final: true,
          indicador_ie: '9',
          csosn: '900',
          tributos: [],
        },
        devolucao: { percentual: '100', valor_ipi_devolvido: '12.34' },
      }),
    ],
  });
}

/** Every request that fills the item groups above, named. */
export function itemCoverageRequests(): [string, NfeRequest][] {
  return [
    ['item groups', productGroups()],
    ['product codes, weapons, immune paper', codedProducts()],
    ['import declarations', importDeclarations()],
    ['return of goods', returnOfGoods()],
  ];
}
