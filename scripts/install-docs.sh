#!/usr/bin/env bash
# Installs the real documents of `npm run eval:docs` (and of its slice in `npm test`): Debian's
# documentation packages of PostgreSQL, Git, gnuplot, Octave, R, SQLite, Python and GIMP (HTML and PDF manuals).
# Usage: bash scripts/install-docs.sh [--slice]   (--slice: only what the test slice reads)
set -euo pipefail
packages=(postgresql-doc-15 git-doc gnuplot-doc octave-doc r-doc-pdf sqlite3-doc python3.11-doc gimp-help-en)
[ "${1:-}" = "--slice" ] && packages=(postgresql-doc-15 git-doc gnuplot-doc)
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -eq 0 ]; then echo "documentation packages present: ${packages[*]}"; exit 0; fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
# Docker-style images often exclude /usr/share/doc from packages; the evaluation needs it.
if grep -qs 'path-exclude.*/usr/share/doc' /etc/dpkg/dpkg.cfg.d/* 2>/dev/null; then
  echo "note: dpkg is set to leave out /usr/share/doc (/etc/dpkg/dpkg.cfg.d); the documents may not be installed" >&2
fi
echo "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y --no-install-recommends "${missing[@]}" \
  || { $SUDO apt-get update && $SUDO apt-get install -y --no-install-recommends "${missing[@]}"; }
