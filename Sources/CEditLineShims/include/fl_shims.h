// One-line wrappers for libedit's C-variadic calls, which Swift cannot call. No logic lives here.
// Pointers are non-null unless marked _Nullable, which is where libedit takes NULL: it refuses a NULL EditLine
// or command function with -1, and a NULL prompt or read function puts its own back.
#ifndef FL_SHIMS_H
#define FL_SHIMS_H
#include <histedit.h>
#include <stdio.h>
#include <wchar.h>

#pragma clang assume_nonnull begin

typedef unsigned char (*fl_command_fn)(EditLine *, int);
// libedit prints the prompt without checking for NULL.
typedef char *_Nonnull (*fl_prompt_fn)(EditLine *);
typedef int (*fl_getc_fn)(EditLine *, wchar_t *);

int fl_set_editor(EditLine *_Nullable el, const char *mode);
int fl_set_prompt(EditLine *_Nullable el, fl_prompt_fn _Nullable fn);
int fl_set_rprompt(EditLine *_Nullable el, fl_prompt_fn _Nullable fn);
int fl_add_function(EditLine *_Nullable el, const char *name, const char *help, fl_command_fn _Nullable fn);
int fl_bind(EditLine *_Nullable el, const wchar_t *key, const wchar_t *function);
int fl_set_client_data(EditLine *_Nullable el, void *_Nullable data);
void *_Nullable fl_client_data(EditLine *_Nullable el);
int fl_set_getc(EditLine *_Nullable el, fl_getc_fn _Nullable fn);
int fl_set_tty(EditLine *_Nullable el, const char *a, const char *b, const char *c, const char *d);
/// The terminal modes libedit sets when a line ends (its "execute" mode, `setty -x`).
int fl_set_tty_between_lines(EditLine *_Nullable el, const char *a, const char *b);
int fl_refresh(EditLine *_Nullable el);

int fl_history_set_size(History *h, HistEvent *ev, int size);
int fl_history_set_unique(History *h, HistEvent *ev, int unique);
int fl_history_load(History *h, HistEvent *ev, const char *path);
int fl_history_save(History *h, HistEvent *ev, const char *path);
int fl_history_enter(History *h, HistEvent *ev, const char *line);
int fl_history_first(History *h, HistEvent *ev);
int fl_history_next(History *h, HistEvent *ev);
int fl_history_save_fp(History *h, HistEvent *ev, FILE *fp);
// An anonymous in-memory file (memfd_create, close-on-exec) for libedit's history I/O; -1 where missing.
int fl_memfd(void);

#pragma clang assume_nonnull end
#endif
