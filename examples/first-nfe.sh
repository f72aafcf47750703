#!/bin/sh
# Your first NF-e, over plain HTTP with curl: the steps of the README's "Your first NF-e".
#
#   npm start                                                    # the API, in another terminal
#   npx pnpm@10.34.9 admin product create --name demo --json     # prints the api_key
#   npx pnpm@10.34.9 admin dev-certificate --cnpj 11222333000181 --out emitente.pfx   # prints the password
#   EMISSOR_API_KEY=emk_… CERT_PASSWORD=… examples/first-nfe.sh emitente.pfx
#
# Writes nfe-<numero>.xml, danfe-<numero>.pdf and cancelamento-<numero>.xml (the procEventoNFe of
# the cancellation) into OUT_DIR (default: the current folder; made if missing).
# Node.js (which Emissor needs anyway) reads the JSON answers, so no jq is needed.
set -eu

API=${EMISSOR_URL:-http://localhost:3000}
KEY=${EMISSOR_API_KEY:?set EMISSOR_API_KEY (pnpm admin product create)}
PASSWORD=${CERT_PASSWORD:?set CERT_PASSWORD (printed by pnpm admin dev-certificate)}
PFX=${1:-emitente.pfx}
OUT=${OUT_DIR:-.}
mkdir -p "$OUT"
HERE=$(dirname "$0")
BRANCH='tenant_ref=padaria-do-ze&branch_ref=matriz'

# `field status < answer.json` prints one field of a JSON answer.
field() { node -e "process.stdout.write(String(JSON.parse(require('fs').readFileSync(0, 'utf8')).$1))"; }
api() { curl -sS --fail-with-body -H "X-Api-Key: $KEY" "$@"; }

echo "1. Upload the branch's A1 certificate (replaces the live one, if any)"
api -F cnpj=11222333000181 -F "password=$PASSWORD" -F "file=@$PFX" "$API/v1/certificados?$BRANCH" >/dev/null

echo "2. Create serie 1 (a 409 series_already_exists on a second run is fine)"
status=$(curl -sS -o /dev/null -w '%{http_code}' -H "X-Api-Key: $KEY" -H 'Content-Type: application/json' \
  -d '{"tenant_ref": "padaria-do-ze", "branch_ref": "matriz", "serie": 1, "next_number": 1}' "$API/v1/series")
case $status in 201 | 409) ;; *) echo "creating the series failed: HTTP $status" >&2 && exit 1 ;; esac

echo "3. Emit, waiting up to 10 s for SEFAZ's answer"
api -H 'Content-Type: application/json' -H 'Prefer: wait=10' \
  -H "Idempotency-Key: $(node -p 'crypto.randomUUID()')" \
  --data-binary @"$HERE/emission.json" "$API/v1/emissoes" >"$OUT/emission-answer.json"
id=$(field id <"$OUT/emission-answer.json")
numero=$(field numero <"$OUT/emission-answer.json")
echo "   NF-e $numero: $(field status <"$OUT/emission-answer.json"), chave $(field chave_acesso <"$OUT/emission-answer.json")"

echo "4. Download the XML (an nfeProc once autorizada) and the DANFE"
api "$API/v1/documentos/$id/xml" -o "$OUT/nfe-$numero.xml"
api "$API/v1/documentos/$id/danfe" -o "$OUT/danfe-$numero.pdf"
echo "   wrote $OUT/nfe-$numero.xml and $OUT/danfe-$numero.pdf"

echo "5. Cancel it (event 110111), waiting up to 10 s for SEFAZ to register the event"
api -H 'Content-Type: application/json' -H 'Prefer: wait=10' \
  -H "Idempotency-Key: $(node -p 'crypto.randomUUID()')" \
  -d '{"justificativa": "Pedido cancelado pelo cliente antes da entrega"}' \
  "$API/v1/documentos/$id/cancelamento" >"$OUT/cancel-answer.json"
event=$(field id <"$OUT/cancel-answer.json")
echo "   event $event: $(field status <"$OUT/cancel-answer.json"), protocolo $(field protocolo <"$OUT/cancel-answer.json")"
api "$API/v1/documentos/$id" >"$OUT/document.json"
echo "   NF-e $numero: $(field status <"$OUT/document.json")"
api "$API/v1/eventos/$event/xml" -o "$OUT/cancelamento-$numero.xml"
echo "   wrote $OUT/cancelamento-$numero.xml"
