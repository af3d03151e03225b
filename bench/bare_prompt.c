/* The smallest libedit prompt: the bare-libedit peer for bench/pty_bench.py.
 * el_init on stdin/stdout, prompt "> ", emacs keys, one el_gets, print the line.
 * Build: cc -O2 bench/bare_prompt.c -ledit -o bench/out/bare_prompt */
#include <histedit.h>
#include <locale.h>
#include <stdio.h>

static char *prompt(EditLine *el) { (void)el; return "> "; }

int main(void) {
    setlocale(LC_CTYPE, "");
    EditLine *el = el_init("bare_prompt", stdin, stdout, stderr);
    if (!el) return 70;
    el_set(el, EL_PROMPT, prompt);
    el_set(el, EL_EDITOR, "emacs");
    int count = 0;
    const char *line = el_gets(el, &count);
    if (line) fputs(line, stdout); /* el_gets keeps the newline */
    el_end(el);
    return line ? 0 : 1;
}
