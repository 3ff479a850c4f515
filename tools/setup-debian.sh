#!/usr/bin/env bash
# Installs what flyc needs on Debian 12 (bookworm), as root, only what is
# missing. Usage: tools/setup-debian.sh [--tests] [--bench]
set -euo pipefail
pkgs=(build-essential cmake pkg-config
      llvm-15-dev lld-15 clang-15
      libamd-comgr-dev rocm-device-libs libamdhip64-dev hipcc
      libelf-dev libcjson-dev libmsgpack-dev libxxhash-dev
      zlib1g-dev libzstd-dev libffi-dev libxml2-dev libedit-dev libncurses-dev)
for a in "$@"; do
  case "$a" in
    --tests) pkgs+=(libcmocka-dev llvm-19-dev lld-19 clang-19) ;;
    --bench) pkgs+=(libcmocka-dev) ;;
    *) echo "setup-debian.sh: unknown option $a" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup-debian.sh: installing ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup-debian.sh: need root to install packages" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
