#!/usr/bin/env bash
# README.md stays true (ctest `readme`):
#  1. its build-option table lists every option() (and cache string) of the
#     build, with the default the build gives it;
#  2. its environment table lists every FLYC_* variable the code reads;
#  3. its ```sh consume blocks, run in order as one script (bash -e) in an
#     empty directory where `build` is the build tree, `examples` the
#     repository's, and PREFIX an empty directory to install into.
# Each failure is a line naming the option, the variable or the command.
# Usage: readme.sh SOURCE_DIR BUILD_DIR [SANITIZE_FLAGS]
set -uo pipefail
src=$(cd "$1" && pwd) build=$(cd "$2" && pwd) san=${3:-}
readme=$src/README.md
status=0
bad() { echo "readme: $*"; status=1; }

# 1. Options: `option(NAME "doc" DEFAULT)` and `set(NAME "" CACHE ...)`.
opts=$(cat "$src/CMakeLists.txt" "$src"/cmake/*.cmake | tr '\n' ' ' |
       grep -oE '(option\( *[A-Z_]+ +"[^"]*" +[^ )]+|set\( *FLYC_[A-Z_]+ +"[^"]*" +CACHE)')
[ -n "$opts" ] || bad "no option() found in $src/CMakeLists.txt"
while read -r kind name rest; do
  [ -n "$name" ] || continue
  row=$(grep -E "^\| \`$name\` \|" "$readme") || { bad "option $name is not in the build-option table"; continue; }
  def=${rest##*\" }
  case "$kind" in
    'option(') want=$def ;;
    *) want=empty ;;
  esac
  case "$want" in
    ON | OFF) [[ $row =~ ^\|\ \`$name\`\ \|\ \`$want\` ]] || bad "option $name defaults to $want; README says: $row" ;;
    empty) [[ $row =~ ^\|\ \`$name\`\ \|\ empty ]] || bad "option $name defaults to empty; README says: $row" ;;
    *) ;; # a computed default: README says how
  esac
done < <(echo "$opts" | sed -E 's/^option\( */option( /; s/^set\( *([A-Z_]+) .*/set( \1 CACHE/')
# LLVM_DIR is the one option that is not flyc's own.
grep -qE '^\| `LLVM_DIR` \|' "$readme" || bad "LLVM_DIR is not in the build-option table"

# 2. Environment variables the code reads.
for v in $(grep -rhoE 'getenv\("FLYC_[A-Z_]+"\)' "$src/src" "$src/runtime" "$src/tools" |
           sed -E 's/getenv\("(.*)"\)/\1/' | sort -u); do
  grep -qE "^\| \`$v\`" "$readme" || bad "the code reads $v; README's environment table does not list it"
done

# 3. The consume blocks.
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
awk '/^```sh consume$/ {on = 1; next} /^```$/ {on = 0} on' "$readme" >"$tmp/consume.sh"
[ -s "$tmp/consume.sh" ] || bad "README has no \`\`\`sh consume block"
mkdir "$tmp/w" "$tmp/prefix"
ln -s "$build" "$tmp/w/build"
ln -s "$src/examples" "$tmp/w/examples"
# Under a sanitizer, what the snippets build links its runtime too.
{
  echo 'set -euo pipefail'
  [ -z "$san" ] || echo "cc() { command cc $san \"\$@\"; }; export CFLAGS='$san' LDFLAGS='$san'"
  echo 'set -x'
  cat "$tmp/consume.sh"
} >"$tmp/run.sh"
if ! (cd "$tmp/w" && PREFIX=$tmp/prefix bash "$tmp/run.sh") >"$tmp/log" 2>&1; then
  tail -n 40 "$tmp/log"
  bad "README's consume commands failed; the last one run: $(grep '^+' "$tmp/log" | tail -n 1)"
fi
[ $status -eq 0 ] && echo "readme: ok ($(echo "$opts" | wc -l) options, $(grep -c '' "$tmp/consume.sh") consume lines)"
exit $status
