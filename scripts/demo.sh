#!/usr/bin/env bash
# A headless tour of the field engine: what `check` and `replay` print for real input.
set -u
fl=${1:-.build-release/release/fieldline}
run() { printf '\n$ %s\n' "$*"; "$@"; echo "(exit $?)"; }
run "$fl" replay phone-cn 13812345678
run "$fl" replay phone-cn 13812345678 '<Left><Left><Left><Left><Left><BS>'
run "$fl" replay phone-cn --paste '+86 138 1234 5678'
run "$fl" replay idcard-cn 11010519900307123x --json
run "$fl" replay text --limit 12 '你好, fieldline 👋' --json
printf '\n$ printf ... | %s check idcard-cn --output json\n' "$fl"
printf '11010519900307123X\n110105199003071234\n110105199002301234\n11010590030712\n' | "$fl" check idcard-cn --output json
echo "(exit $?)"
printf '\n$ printf ... | %s check phone-cn\n' "$fl"
printf '+86 138 1234 5678\n0086 13812345678\n12812345678\n' | "$fl" check phone-cn
echo "(exit $?)"
