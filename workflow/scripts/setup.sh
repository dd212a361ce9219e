#!/usr/bin/env bash
# Set up paperfig on Debian/Ubuntu (Python >= 3.11): TeX Live and poppler from Debian's
# packages when they are missing and we are root, then the Python side with pip.
#   bash workflow/scripts/setup.sh          what the workflow needs
#   bash workflow/scripts/setup.sh --test   plus what the test suite needs (chromium)
set -euo pipefail
cd "$(dirname "$0")/../.."

want_test=0
[ "${1:-}" = "--test" ] && want_test=1

apt_packages=()
command -v latexmk >/dev/null 2>&1 && command -v pdflatex >/dev/null 2>&1 || apt_packages+=(
  texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended texlive-science latexmk)
command -v pdftotext >/dev/null 2>&1 || apt_packages+=(poppler-utils)
if [ "$want_test" = 1 ] && ! command -v chromium >/dev/null 2>&1; then
  apt_packages+=(chromium)
fi

if [ "${#apt_packages[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing from Debian's packages: ${apt_packages[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${apt_packages[@]}" >/dev/null
  else
    echo "setup: missing ${apt_packages[*]}." >&2
    echo "  Not root or no apt-get: ask an administrator to install them, or use conda" >&2
    echo "  (conda env create -f environment.yml), or set 'report: {pdf: false}' in" >&2
    echo "  config/config.yaml to build the HTML and LaTeX report without the PDF." >&2
  fi
fi

python3 -m pip install --quiet --disable-pip-version-check -e '.[test]'
# pyenv installs console scripts behind shims that only appear after a rehash.
if command -v pyenv >/dev/null 2>&1; then pyenv rehash; fi
echo "setup: ok ($(snakemake --version 2>/dev/null | head -1 | sed 's/^/snakemake /'))"
