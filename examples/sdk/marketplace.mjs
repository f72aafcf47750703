// A marketplace sale with the typed SDK (@emissor/client): Maria buys the two loaves of
// examples/emission.json on a marketplace's site, where the bakery has a seller account, and pays
// by credit card there. The NF-e names the marketplace (infIntermed) and how the sale was made.
//
//   EMISSOR_API_KEY=emk_… CERT_PASSWORD=… node examples/sdk/marketplace.mjs emitente.pfx
import { connect, emissionExample, emitAuthorised, saveXml } from './setup.mjs';

const emissor = await connect();
const example = await emissionExample();

const sale = {
  // The same branch, emitter, customer and loaves.
  ...example,
  ind_pres: '2', // ide/indPres: bought over the internet
  // ide/indIntermed 1: on a third party's platform. A remote sale (indPres 2, 3, 4 or 9) must say
  // whether it was (SEFAZ 434); 0 would be the bakery's own site.
  ind_intermed: '1',
  intermediador: {
    cnpj: '03562067000108', // the marketplace's CNPJ (check digits verified, SEFAZ 440)
    identificador: 'padaria-do-ze', // idCadIntTran: the bakery's account name on the marketplace
  },
  // Paid by credit card (03) through the marketplace's payment integration (tpIntegra 1): the
  // acquirer's CNPJ and the authorisation code are then required.
  pagamento: {
    tpag: '03',
    valor: '21.00',
    cartao: {
      tipo_integracao: '1',
      cnpj_credenciadora: '01027058000191',
      bandeira: '01', // Visa
      autorizacao: 'MKT998877',
    },
  },
  informacoes_adicionais: { contribuinte: 'Pedido 998877 no marketplace.' },
};

console.log('Emit the marketplace sale, waiting up to 10 s for SEFAZ');
const document = await emitAuthorised(emissor, sale, 'marketplace sale');
await saveXml(emissor, document);
