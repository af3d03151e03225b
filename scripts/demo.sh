#!/usr/bin/env bash
# A headless tour of the field engine: what `check` and `replay` print for real input. Every command is printed
# quoted, so it can be pasted into a shell as it is.
set -u
fl=${1:-.build-release/release/fieldline}
run() { printf '\n$'; printf ' %q' "$@"; printf '\n'; "$@"; echo "(exit $?)"; }
# A pipeline, printed and run as one shell command line (FL in it stands for the binary's quoted path).
pipe() { local line=${1//FL/$(printf %q "$fl")}; printf '\n$ %s\n' "$line"; bash -c "$line"; echo "(exit $?)"; }
run "$fl" replay phone-cn 13812345678
run "$fl" replay phone-cn 13812345678 '<Left><Left><Left><Left><Left><BS>'
run "$fl" replay phone-cn --paste '+86 138 1234 5678'
run "$fl" replay idcard-cn 11010519900307123x --output json
run "$fl" replay text --limit 12 '你好, fieldline 👋' --output json
run "$fl" replay region-cn 'gd<CR>sz' --output json
run "$fl" replay date '2023022' 9 8 '<Up>'
pipe "printf '11010519900307123X\\n110105199003071234\\n110105199002301234\\n11010590030712\\n' | FL check idcard-cn --output json"
pipe "printf '+86 138 1234 5678\\n0086 13812345678\\n12812345678\\n' | FL check phone-cn"
pipe "printf 'de\\n德国\\n+1\\n' | FL check country --output display"
