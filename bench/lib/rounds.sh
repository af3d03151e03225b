# The round loop of bench/*_bench.sh, sourced by them: interleaved rounds, each running every case once in turn,
# after a warm-up round; a case's wall time (ms) and its process's CPU time (user + system, ms) kept per round.
#
# The sourcing script defines:
#   setup CASE   readies a case's run (an empty table, a fresh copy);
#   timed CASE   the command measured; run in a child bash, which gets the functions named in ROUND_FUNCTIONS
#                (besides `timed`) and the variables named in ROUND_VARIABLES;
#   check CASE   after each run: returns non-zero (having said why on stderr) when the run did not do its work.
# and sets `tmp`, a scratch folder. Results: `times[CASE]` and `cpus[CASE]`, one figure a round, space-separated.

declare -A times cpus

# run_rounds ROUNDS CASE...: round 0 warms up, rounds 1…ROUNDS are kept.
run_rounds() {
    local rounds=$1 round name s e
    shift
    local carried
    carried="$(declare -f timed ${ROUND_FUNCTIONS:-}); $(declare -p ${ROUND_VARIABLES:-tmp})"
    for round in $(seq 0 "$rounds"); do
        for name in "$@"; do
            setup "$name"
            sync
            s=$(date +%s%N)
            /usr/bin/time -f '%U %S' -o "$tmp/cpu" bash -c "$carried; timed $name" >/dev/null 2>"$tmp/err" \
                || { cat "$tmp/err" >&2; exit 1; }
            e=$(date +%s%N)
            check "$name" || { cat "$tmp/err" >&2; exit 1; }
            [ "$round" = 0 ] && continue    # round 0 warms up
            times[$name]+="$(( (e - s) / 1000000 )) "
            cpus[$name]+="$(awk '{printf "%d", ($1 + $2) * 1000}' "$tmp/cpu") "
        done
    done
}

# The median of space-separated figures.
median() { tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# ratios CASE BASE: per round, CASE's time over BASE's in that round; the median ratio, then the lowest and highest.
ratios() {
    local -a a=(${times[$1]:-}) b=(${times[$2]:-}) r=()
    local i sorted
    for i in "${!a[@]}"; do r+=("$(echo "scale=2; ${a[$i]} / ${b[$i]}" | bc)"); done
    sorted=$(printf '%s\n' "${r[@]}" | sort -g)
    printf '**%sx** (%s–%s)' "$(median "${r[*]}")" "$(head -1 <<<"$sorted")" "$(tail -1 <<<"$sorted")"
}
