import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { sharedDir, sharedPath } from '@emissor/test-support';

import { parseSefazAnswer } from '../answers/parse.js';
import { buildConsStatServ } from '../messages/queries.js';
import {
  soapFaultEnvelope,
  soapRequestContentType,
  soapRequestEnvelope,
  soapResponseEnvelope,
} from './envelope.js';
import { readSoapRequest, serviceFromSoapAction, SoapRequestError } from './request.js';

const status = buildConsStatServ({ ambiente: 'homologacao', cUF: '35' });

describe('SOAP 1.2 requests', () => {
  it('wraps the message in nfeDadosMsg of the service, with the action in the content type', () => {
    const envelope = soapRequestEnvelope('NFeStatusServico4', `<?xml version="1.0"?>${status}`);
    expect(envelope).toBe(
      '<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope">' +
        '<soap12:Body><nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4">' +
        status +
        '</nfeDadosMsg></soap12:Body></soap12:Envelope>',
    );
    expect(soapRequestContentType('NFeAutorizacao4')).toBe(
      'application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4/nfeAutorizacaoLote"',
    );
  });

  it('a server reads back the service and the exact message bytes', () => {
    const request = readSoapRequest(soapRequestEnvelope('NFeStatusServico4', status));
    const { messageElement, ...rest } = request;
    expect(rest).toEqual({
      soapVersion: '1.2',
      service: 'NFeStatusServico4',
      wsdlNamespace: 'http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4',
      message: status,
      messageRoot: 'consStatServ',
    });
    // The parsed message comes along, so a server need not parse it again.
    expect(messageElement.localName).toBe('consStatServ');
    expect(messageElement.namespaceURI).toBe('http://www.portalfiscal.inf.br/nfe');
    expect(serviceFromSoapAction(soapRequestContentType('NFeRecepcaoEvento4'))).toBe(
      'NFeRecepcaoEvento4',
    );
    expect(
      serviceFromSoapAction(
        '"http://www.portalfiscal.inf.br/nfe/wsdl/NFeInutilizacao4/nfeInutilizacaoNF"',
      ),
    ).toBe('NFeInutilizacao4');
    expect(serviceFromSoapAction('application/soap+xml')).toBeUndefined();
  });

  it.skipIf(!sharedDir())(
    "reads sped-nfe's request envelope (empty header, prefixed SOAP 1.2)",
    () => {
      const body = readFileSync(
        sharedPath('nfe-samples', 'sefaz', 'sped-nfe', 'req_evento_cancela.xml'),
        'utf8',
      );
      const request = readSoapRequest(body);
      expect(request.service).toBe('NFeRecepcaoEvento4');
      expect(request.messageRoot).toBe('envEvento');
      expect(
        request.message.startsWith(
          '<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>201711170826540</idLote>',
        ),
      ).toBe(true);
      expect(request.message.endsWith('</envEvento>')).toBe(true);
    },
  );

  it('reads SOAP 1.1 and a prefixed nfeDadosMsg; an unknown namespace gives no service', () => {
    const soap11 = `<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"><e:Body><w:nfeDadosMsg xmlns:w="http://www.portalfiscal.inf.br/nfe/wsdl/NFeConsultaProtocolo4">\n  ${status}\n</w:nfeDadosMsg></e:Body></e:Envelope>`;
    expect(readSoapRequest(soap11)).toMatchObject({
      soapVersion: '1.1',
      service: 'NFeConsultaProtocolo4',
      message: status,
    });
    const old = soapRequestEnvelope('NFeStatusServico4', status).replace(
      'NFeStatusServico4',
      'NfeStatusServico2',
    );
    expect(readSoapRequest(old).service).toBeUndefined();
  });

  it('tells what is wrong with a request it cannot read', () => {
    const code = (body: string): string | undefined => {
      try {
        readSoapRequest(body);
        return undefined;
      } catch (error) {
        return error instanceof SoapRequestError ? error.code : 'other';
      }
    };
    expect(code('<consStatServ')).toBe('not_xml');
    expect(code('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toBe('not_xml');
    expect(code(status)).toBe('not_soap');
    expect(
      code(
        '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Header/></soap:Envelope>',
      ),
    ).toBe('not_soap');
    expect(
      code(
        '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body/></soap:Envelope>',
      ),
    ).toBe('no_message');
    expect(code(soapRequestEnvelope('NFeStatusServico4', ''))).toBe('no_message');
  });
});

describe('answers a server sends', () => {
  it('nfeResultMsg in SOAP 1.2 or 1.1 parses back; a fault is reported as one', () => {
    const answer = `<retConsStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><verAplic>SIM</verAplic><cStat>107</cStat><xMotivo>Servico em Operacao</xMotivo><cUF>35</cUF><dhRecbto>2026-11-26T10:00:00-03:00</dhRecbto><tMed>1</tMed></retConsStatServ>`;
    for (const version of ['1.1', '1.2'] as const)
      expect(
        parseSefazAnswer(soapResponseEnvelope('NFeStatusServico4', answer, version)),
      ).toMatchObject({ kind: 'retConsStatServ', cStat: '107', tMed: 1 });
    for (const version of ['1.1', '1.2'] as const)
      expect(() => parseSefazAnswer(soapFaultEnvelope('not a SOAP request <x>', version))).toThrow(
        'not a SOAP request <x>',
      );
  });
});
