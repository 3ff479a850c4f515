#!/usr/bin/env bash
# Installs what flyc needs on Debian 12 (bookworm), as root, only what is
# missing. Usage: tools/setup-debian.sh [--tests] [--bench]
#
# Always: LLVM 22 (flyc's primary LLVM: llvm-22-dev, lld-22, clang-22,
# liblld-22-dev; in bookworm-security; libpolly-22-dev because Debian's
# LLVM 22 links Polly into its LTO library, which the static tool's in-process
# lld needs), and LLVM 15 with Debian's ROCm 5.2
# stack (comgr 2.4 carries LLVM 15, device libraries, hipcc).
# --tests adds cmocka and LLVM 19 (the test suite builds against 15, 19, 22),
# and libclang-rt-22-dev: clang-22's sanitizer and libFuzzer runtimes (only
# recommended by clang-22), for tools/fuzz.sh. ThreadSanitizer (the tsan
# configuration) uses GCC 12's libtsan, which build-essential brings.
set -euo pipefail
pkgs=(build-essential cmake pkg-config
      llvm-22-dev lld-22 clang-22 liblld-22-dev libpolly-22-dev
      llvm-15-dev lld-15 clang-15
      libamd-comgr-dev rocm-device-libs libamdhip64-dev hipcc
      libelf-dev libcjson-dev libmsgpack-dev libxxhash-dev
      zlib1g-dev libzstd-dev libffi-dev libxml2-dev libedit-dev libncurses-dev)
for a in "$@"; do
  case "$a" in
    --tests) pkgs+=(libcmocka-dev llvm-19-dev lld-19 clang-19 libclang-rt-22-dev) ;;
    --bench) pkgs+=(libcmocka-dev) ;;
    *) echo "setup-debian.sh: unknown option $a" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -gt 0 ] || exit 0
echo "setup-debian.sh: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "setup-debian.sh: need root to install packages" >&2
  exit 1
fi
# Debian 12's LLVM 22 is in bookworm-security. The official images list it
# (/etc/apt/sources.list.d/debian.sources); a debootstrap'd system has only
# the main archive in /etc/apt/sources.list: add the security suite then.
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
if [ "$codename" = bookworm ] &&
   ! grep -rqsE '(^|[[:space:]])bookworm-security([[:space:]]|$)' \
       /etc/apt/sources.list /etc/apt/sources.list.d/; then
  echo "setup-debian.sh: adding bookworm-security to /etc/apt/sources.list.d/flyc-security.list"
  echo "deb http://deb.debian.org/debian-security bookworm-security main" \
    > /etc/apt/sources.list.d/flyc-security.list
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
