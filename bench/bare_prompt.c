/* The smallest libedit prompt: the bare-libedit peer for bench/pty_bench.py.
 * el_init on stdin/stdout, prompt "> ", emacs keys, one el_gets, print the line.
 * With --counter it also shows `n/10000` in the right prompt and inserts printable keys through a bound
 * function that returns CC_REFRESH, as fieldline does: the cost of libedit's redraw with a right prompt,
 * measured apart from fieldline's own work.
 * Build: cc -O2 bench/bare_prompt.c -ledit -o bench/out/bare_prompt */
#include <histedit.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

static char *prompt(EditLine *el) { (void)el; return "> "; }

static char counter_text[32];
static char *counter(EditLine *el) {
    const LineInfo *li = el_line(el);
    snprintf(counter_text, sizeof counter_text, "%d/10000", (int)(li->lastchar - li->buffer));
    return counter_text;
}

static unsigned char insert_refresh(EditLine *el, int ch) {
    char s[2] = {(char)ch, 0};
    el_insertstr(el, s);
    return CC_REFRESH;
}

int main(int argc, char **argv) {
    setlocale(LC_CTYPE, "");
    EditLine *el = el_init("bare_prompt", stdin, stdout, stderr);
    if (!el) return 70;
    el_set(el, EL_PROMPT, prompt);
    el_set(el, EL_EDITOR, "emacs");
    if (argc > 1 && strcmp(argv[1], "--counter") == 0) {
        el_set(el, EL_RPROMPT, counter);
        el_set(el, EL_ADDFN, "insert-refresh", "insert and refresh", insert_refresh);
        for (int c = '0'; c <= 'z'; c++) {
            if ((c > '9' && c < 'A') || (c > 'Z' && c < 'a')) continue;
            char key[2] = {(char)c, 0};
            el_set(el, EL_BIND, key, "insert-refresh", (const char *)0);
        }
    }
    int count = 0;
    const char *line = el_gets(el, &count);
    if (line) fputs(line, stdout); /* el_gets keeps the newline */
    el_end(el);
    return line ? 0 : 1;
}
