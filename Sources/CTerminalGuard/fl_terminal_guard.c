// See fl_terminal_guard.h. Every function a handler calls is async-signal-safe (POSIX.1-2017, 2.4.3).
#define _GNU_SOURCE
#include "fl_terminal_guard.h"
#include "fl_default_action.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// Read by handlers; written only while no handler of ours is installed, or are sig_atomic_t.
static int guard_tty = -1;
static struct termios guard_original;
static volatile sig_atomic_t guard_armed;
static volatile sig_atomic_t guard_released;
static volatile sig_atomic_t guard_resized;
static volatile sig_atomic_t guard_continued;
static volatile sig_atomic_t guard_rows_below;
static volatile sig_atomic_t guard_clear_below;
static volatile sig_atomic_t guard_blank_after_cursor;
// Between prompts: the cursor is on a fresh line already and no prompt's editing settings are known.
static volatile sig_atomic_t guard_idle;
// Accessible mode: the terminal gets plain text only, never an escape sequence (no paste mode was set, nothing is
// drawn below the line).
static volatile sig_atomic_t guard_plain;

// Signals handled, with the actions and mask they had before.
enum { GUARD_MAX_SIGNALS = 80 };
static int guard_signals[GUARD_MAX_SIGNALS];
static struct sigaction guard_previous[GUARD_MAX_SIGNALS];
static int guard_count;
static sigset_t guard_previous_mask;
// The mask inside flg_wait: the previous mask, so the deferred signals can arrive only there.
static sigset_t guard_wait_mask;

static void write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, bytes, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        bytes += n;
        length -= (size_t)n;
    }
}

// SIGTTOU held while the terminal is written or set from a handler. Inside a script (`x=$(fieldline ask …)` in
// `bash s.sh`), Ctrl-Z stops the script too, and the interactive shell may take the terminal back before this
// handler has restored it: from a background process group tcsetattr (and write, under TOSTOP) raises SIGTTOU,
// which would stop the process half-way, leaving it stopped with the terminal cooked when `fg` continues it.
// With SIGTTOU blocked the call is simply carried out (POSIX, General Terminal Interface 11.1.4), as GHC's
// runtime does around its tcsetattr for the same reason.
static void hold_ttou(sigset_t *previous) {
    sigset_t ttou;
    sigemptyset(&ttou);
    sigaddset(&ttou, SIGTTOU);
    sigprocmask(SIG_BLOCK, &ttou, previous);
}

static void set_terminal(const struct termios *settings) {
    while (tcsetattr(guard_tty, TCSADRAIN, settings) < 0 && errno == EINTR) {}
}

// Bracketed paste off, the cursor below the field on a fresh line, the original settings back.
static void leave_terminal(int fresh_line) {
    sigset_t previous;
    hold_ttou(&previous);
    static const char paste_off[] = "\x1b[?2004l";
    if (!guard_plain) write_all(guard_tty, paste_off, sizeof paste_off - 1);
    if (fresh_line && !guard_idle) {
        // A placeholder after the cursor is no part of the line left behind.
        for (int i = 0; i < guard_blank_after_cursor && i < 1000; i++) write_all(guard_tty, " ", 1);
        write_all(guard_tty, "\r", 1);
        for (int i = 0; i < guard_rows_below && i < 1000; i++) write_all(guard_tty, "\n", 1);
        write_all(guard_tty, "\n", 1);
        // The painter's region under the field (a status line, candidates) goes with the prompt.
        static const char clear_below[] = "\x1b[J";
        if (guard_clear_below && !guard_plain) write_all(guard_tty, clear_below, sizeof clear_below - 1);
    }
    set_terminal(&guard_original);
    sigprocmask(SIG_SETMASK, &previous, NULL);
}

// The prompt's own settings, read by the first `flg_wait` of a prompt (the line editor has set them by then), and
// whether a stop gave the terminal back so that they are to be put back. Not read in the stop handler: inside a
// script the interactive shell may already have put its own settings on the terminal by the time the handler
// runs, and those would be taken for the prompt's (cooked, echoing keys after `fg`).
static struct termios guard_editing;
static volatile sig_atomic_t guard_editing_known;
static volatile sig_atomic_t guard_editing_saved;

// Continued: take the terminal again for editing, but only as the foreground process group. Continued in the
// background (`bg`), the shell owns the terminal; the settings are put back at the `fg` that follows (SIGCONT
// again), and until then a read stops the process by SIGTTIN as it should.
static void resume_editing(void) {
    if (!guard_editing_saved || guard_released || !guard_armed) return;
    if (tcgetpgrp(guard_tty) != getpgrp()) return;
    sigset_t previous;
    hold_ttou(&previous);
    set_terminal(&guard_editing);
    static const char paste_on[] = "\x1b[?2004h";
    if (!guard_plain) write_all(guard_tty, paste_on, sizeof paste_on - 1);
    sigprocmask(SIG_SETMASK, &previous, NULL);
    guard_editing_saved = 0;
}

void fl_take_default_action(int signo) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(signo, &dfl, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signo);
    raise(signo);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
}

// A signal whose default action ends the process: restore the terminal, then die of the same signal.
static void on_fatal(int signo) {
    if (guard_armed && !guard_released) {
        guard_released = 1;
        leave_terminal(1);
    }
    fl_take_default_action(signo);
    // Still alive (a fault re-raised from its handler returns and faults again; anything else ends here).
    _exit(128 + signo);
}

static void on_stop(int signo);

static void install(int signo, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;  // no SA_RESTART: a wait returns EINTR and the reader reacts at once
    sigaction(signo, &action, NULL);
}

// SIGTSTP (Ctrl-Z or kill -TSTP): give the terminal back, stop like any job, and take it again when continued.
static void on_stop(int signo) {
    int saved_errno = errno;
    if (guard_armed && !guard_released) {
        if (guard_editing_known) guard_editing_saved = 1;
        leave_terminal(0);
    }
    fl_take_default_action(signo);  // the process stops here until SIGCONT
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signo);
    sigprocmask(SIG_BLOCK, &only, NULL);
    install(signo, on_stop);
    resume_editing();
    guard_continued = 1;
    errno = saved_errno;
}

static void on_continue(int signo) {
    (void)signo;
    int saved_errno = errno;
    resume_editing();  // `fg` after `bg`: the stop handler has returned already
    guard_continued = 1;
    errno = saved_errno;
}
static void on_resize(int signo) { (void)signo; guard_resized = 1; }

// Whether a signal's default action ends the process (term or core), by Linux's signal(7) table.
static int ends_process(int signo) {
    switch (signo) {
    case SIGKILL: case SIGSTOP: case SIGTSTP: case SIGTTIN: case SIGTTOU:
    case SIGCONT: case SIGCHLD: case SIGURG: case SIGWINCH:
        return 0;
    default:
        return 1;
    }
}

static void guard(int signo, void (*handler)(int)) {
    if (guard_count >= GUARD_MAX_SIGNALS) return;
    struct sigaction previous;
    if (sigaction(signo, NULL, &previous) < 0) return;
    if (previous.sa_handler == SIG_IGN && !(previous.sa_flags & SA_SIGINFO)) return;  // ignored stays ignored
    guard_signals[guard_count] = signo;
    guard_previous[guard_count] = previous;
    guard_count++;
    install(signo, handler);
}

// A process that exits (not by a signal) while the guard is held gets its terminal back too.
static void leave_at_exit(void) {
    if (!guard_armed || guard_released) return;
    guard_released = 1;
    leave_terminal(1);
}

int flg_arm(int tty, const struct termios *original) {
    if (guard_armed) return -1;
    static int exit_hook_registered;
    if (!exit_hook_registered) exit_hook_registered = atexit(leave_at_exit) == 0;
    guard_tty = tty;
    guard_original = *original;
    guard_released = 0;
    guard_resized = 0;
    guard_continued = 0;
    guard_editing_saved = 0;
    guard_editing_known = 0;
    guard_rows_below = 0;
    guard_clear_below = 0;
    guard_blank_after_cursor = 0;
    guard_idle = 0;
    guard_plain = 0;
    guard_count = 0;

    sigset_t deferred;
    sigemptyset(&deferred);
    sigaddset(&deferred, SIGWINCH);
    sigaddset(&deferred, SIGTSTP);
    sigaddset(&deferred, SIGCONT);
    sigprocmask(SIG_BLOCK, &deferred, &guard_previous_mask);
    guard_wait_mask = guard_previous_mask;
    sigdelset(&guard_wait_mask, SIGWINCH);
    sigdelset(&guard_wait_mask, SIGTSTP);
    sigdelset(&guard_wait_mask, SIGCONT);
    guard_armed = 1;

    guard(SIGWINCH, on_resize);
    guard(SIGCONT, on_continue);
    guard(SIGTSTP, on_stop);
    for (int signo = 1; signo < NSIG; signo++) {
        if (signo == SIGWINCH || signo == SIGCONT || signo == SIGTSTP || !ends_process(signo)) continue;
        if (signo >= 32 && signo < SIGRTMIN) continue;  // reserved by the C library for its threads
        guard(signo, on_fatal);
    }
    return 0;
}

void flg_release(void) { guard_released = 1; }

void flg_set_idle(int idle) {
    // Blocked signals cannot run a stop handler while these change (they arrive only inside flg_wait).
    if (!idle) {
        guard_editing_known = 0;
        guard_editing_saved = 0;
        guard_rows_below = 0;
        guard_clear_below = 0;
        guard_blank_after_cursor = 0;
    }
    guard_idle = idle != 0;
}

void flg_set_plain(int plain) { guard_plain = plain != 0; }

void flg_disarm(void) {
    if (!guard_armed) return;
    for (int i = 0; i < guard_count; i++) sigaction(guard_signals[i], &guard_previous[i], NULL);
    guard_count = 0;
    guard_armed = 0;
    sigprocmask(SIG_SETMASK, &guard_previous_mask, NULL);
}

int flg_wait(int fd, int timeout_ms) {
    // Once a prompt: the guarded signals are blocked here, so no stop handler reads these half-written.
    if (guard_armed && !guard_editing_known) guard_editing_known = tcgetattr(guard_tty, &guard_editing) == 0;
    struct pollfd pfd = { .fd = fd, .events = POLLIN, .revents = 0 };
    struct timespec limit, *limit_ptr = NULL;
    if (timeout_ms >= 0) {
        limit.tv_sec = timeout_ms / 1000;
        limit.tv_nsec = (long)(timeout_ms % 1000) * 1000000L;
        limit_ptr = &limit;
    }
    return ppoll(&pfd, 1, limit_ptr, &guard_wait_mask);
}

int flg_take_resized(void) { int was = guard_resized; guard_resized = 0; return was; }
int flg_take_continued(void) { int was = guard_continued; guard_continued = 0; return was; }
void flg_set_rows_below(int rows) { guard_rows_below = rows < 0 ? 0 : rows; }
void flg_set_clear_below(int clear) { guard_clear_below = clear != 0; }
void flg_set_blank_after_cursor(int columns) { guard_blank_after_cursor = columns < 0 ? 0 : columns; }
