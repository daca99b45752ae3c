#!/usr/bin/env bash
# The Debian packages the tests, the benchmark and the cluster test need.
# Installs the missing ones when it can (root, or sudo without a password);
# otherwise stops with the one command that installs them.
# Run by `npm test` (its pretest step) and by .ci/run.
set -euo pipefail

need=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
# The end-to-end tests run in Chromium's headless shell (decision 0064); Lighthouse in the browser.
[ -x "${E2E_CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ] || need+=(chromium-headless-shell)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
# The fallback faces are measured against (and set in) the Liberation fonts.
[ -f /usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf ] || need+=(fonts-liberation)
[ -x "${NGINX_PATH:-/usr/sbin/nginx}" ] || command -v nginx >/dev/null 2>&1 || need+=(nginx)
command -v wrk >/dev/null 2>&1 || need+=(wrk)
# The booking tests read busy times from a real CalDAV server (tests/helpers/radicale.ts).
[ -x "${RADICALE_PATH:-/usr/bin/radicale}" ] || need+=(radicale)

[ ${#need[@]} -eq 0 ] && exit 0

install="apt-get update && apt-get install -y --no-install-recommends ${need[*]}"
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO="sudo"
else
  echo "system-deps: missing Debian packages: ${need[*]}" >&2
  echo "system-deps: install them as root, then run the tests again:" >&2
  echo "  sudo sh -c '$install'" >&2
  exit 1
fi

echo "system-deps: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
# nginx's Debian package starts a system nginx on port 80; the tests start their own.
if [ -n "$(printf '%s\n' "${need[@]}" | grep -x nginx || true)" ] && command -v systemctl >/dev/null 2>&1; then
  $SUDO systemctl disable --now nginx >/dev/null 2>&1 || true
fi
