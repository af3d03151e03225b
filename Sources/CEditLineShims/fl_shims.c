// Each wrapper passes its arguments to el_set/el_get/history and a terminating NULL where one is needed.
#include "fl_shims.h"

int fl_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
int fl_set_prompt(EditLine *el, fl_prompt_fn fn) { return el_set(el, EL_PROMPT, fn); }
int fl_set_rprompt(EditLine *el, fl_prompt_fn fn) { return el_set(el, EL_RPROMPT, fn); }
int fl_add_function(EditLine *el, const char *name, const char *help, fl_command_fn fn) { return el_set(el, EL_ADDFN, name, help, fn); }
int fl_bind(EditLine *el, const wchar_t *key, const wchar_t *function) { return el_wset(el, EL_BIND, key, function, (const wchar_t *)0); }
int fl_set_client_data(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
void *fl_client_data(EditLine *el) { void *data = 0; el_get(el, EL_CLIENTDATA, &data); return data; }
int fl_set_getc(EditLine *el, fl_getc_fn fn) { return el_set(el, EL_GETCFN, fn); }
int fl_set_tty(EditLine *el, const char *a, const char *b, const char *c, const char *d) { return el_set(el, EL_SETTY, "-d", a, b, c, d, (const char *)0); }
int fl_set_tty_between_lines(EditLine *el, const char *a, const char *b) { return el_set(el, EL_SETTY, "-x", a, b, (const char *)0); }

int fl_history_set_size(History *h, HistEvent *ev, int size) { return history(h, ev, H_SETSIZE, size); }
int fl_history_set_unique(History *h, HistEvent *ev, int unique) { return history(h, ev, H_SETUNIQUE, unique); }
int fl_history_load(History *h, HistEvent *ev, const char *path) { return history(h, ev, H_LOAD, path); }
int fl_history_save(History *h, HistEvent *ev, const char *path) { return history(h, ev, H_SAVE, path); }
int fl_history_enter(History *h, HistEvent *ev, const char *line) { return history(h, ev, H_ENTER, line); }
int fl_history_first(History *h, HistEvent *ev) { return history(h, ev, H_FIRST); }
int fl_history_next(History *h, HistEvent *ev) { return history(h, ev, H_NEXT); }
int fl_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }
int fl_history_save_fp(History *h, HistEvent *ev, FILE *fp) { return history(h, ev, H_SAVE_FP, fp); }
// memfd_create (glibc >= 2.27) is declared only under _GNU_SOURCE, which Swift's Glibc module does not set.
int memfd_create(const char *name, unsigned int flags);
int fl_memfd(void) { return memfd_create("fieldline-history", 1U /* MFD_CLOEXEC */); }
