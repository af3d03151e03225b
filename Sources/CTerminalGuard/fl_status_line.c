// See fl_status_line.h. Every function the handler calls is async-signal-safe (POSIX.1-2017, 2.4.3).
#define _GNU_SOURCE
#include "fl_status_line.h"
#include "fl_default_action.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

// Set by the thread that draws or erases the line, exchanged by the handler: atomics on an int are lock-free.
static int status_shown;
static volatile sig_atomic_t status_armed;
static const int status_signals[] = {SIGINT, SIGTERM};
enum { STATUS_SIGNALS = sizeof status_signals / sizeof status_signals[0] };
static struct sigaction status_previous[STATUS_SIGNALS];
static int status_installed[STATUS_SIGNALS];

void flsl_set_shown(int shown) { __atomic_store_n(&status_shown, shown != 0, __ATOMIC_SEQ_CST); }

int flsl_take_shown(void) { return __atomic_exchange_n(&status_shown, 0, __ATOMIC_SEQ_CST); }

// End the line, then die of the signal: its default action, raised (held while the handler runs) and unblocked.
static void on_end(int signo) {
    if (flsl_take_shown()) {
        while (write(STDERR_FILENO, "\n", 1) < 0 && errno == EINTR) {}
    }
    fl_take_default_action(signo);
    _exit(128 + signo);
}

int flsl_arm(void) {
    if (status_armed) return -1;
    for (int i = 0; i < STATUS_SIGNALS; i++) {
        status_installed[i] = 0;
        if (sigaction(status_signals[i], NULL, &status_previous[i]) < 0) continue;
        // Ignored stays ignored; a handler someone else installed is theirs.
        if (status_previous[i].sa_handler != SIG_DFL || (status_previous[i].sa_flags & SA_SIGINFO)) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_end;
        sigemptyset(&action.sa_mask);
        if (sigaction(status_signals[i], &action, NULL) == 0) status_installed[i] = 1;
    }
    status_armed = 1;
    return 0;
}

void flsl_disarm(void) {
    if (!status_armed) return;
    for (int i = 0; i < STATUS_SIGNALS; i++) {
        if (status_installed[i]) sigaction(status_signals[i], &status_previous[i], NULL);
        status_installed[i] = 0;
    }
    status_armed = 0;
}
