// The terminal guard: signal handlers that put the terminal back before the process stops or ends.
//
// Why C: a signal handler may only call async-signal-safe functions, and Swift code gives no such promise (the
// runtime may allocate, take locks or initialise globals lazily). Everything here is plain C over tcsetattr,
// write, sigaction and raise.
#ifndef FL_TERMINAL_GUARD_H
#define FL_TERMINAL_GUARD_H

#include <termios.h>

#pragma clang assume_nonnull begin

/// Take charge of the terminal `tty` whose settings before the prompt were `original`: every catchable signal
/// whose default action ends the process restores those settings, turns bracketed paste off, moves to a fresh
/// line and ends the process by the same signal; SIGTSTP restores, stops, and prepares the terminal again when
/// continued; SIGWINCH and SIGCONT only set flags. Signals the caller ignores stay ignored. SIGWINCH, SIGTSTP and
/// SIGCONT are blocked except inside `flg_wait`, so no signal is missed between a flag check and the wait.
/// An `exit` while armed and not released restores the settings too. Returns 0, or -1 if the guard is already armed.
int flg_arm(int tty, const struct termios *original);

/// The terminal is back to its original settings: signals from now on end or stop the process without touching it.
void flg_release(void);

/// Whether the guard is held between prompts (1: the cursor is on a fresh line, a signal's exit adds no line) or a
/// prompt starts (0: its rows, region and editing settings are forgotten until it reports them).
void flg_set_idle(int idle);

/// Whether the terminal takes plain text only (accessible mode, 1): leaving it or taking it again after a stop
/// writes no escape sequence (no bracketed-paste switch, no erase below the line).
void flg_set_plain(int plain);

/// Put back the signal actions and mask from before `flg_arm`.
void flg_disarm(void);

/// Wait until `fd` is readable, a guarded signal arrives, or `timeout_ms` passes (-1: no limit).
/// Returns what ppoll returns (>0 readable or hung up, 0 timed out, -1 with errno, EINTR after a signal).
int flg_wait(int fd, int timeout_ms);

/// Whether the window changed size since the last call (clears the flag).
int flg_take_resized(void);

/// Whether the process was stopped and continued since the last call (clears the flag).
int flg_take_continued(void);

/// How many rows the field's text reaches below the cursor, so a signal's exit can leave the cursor below it.
void flg_set_rows_below(int rows);

/// Whether something is drawn under the field (a status line, candidates) that a signal's exit erases with ED.
void flg_set_clear_below(int clear);

/// How many columns after the cursor a signal's exit blanks before it leaves the line (a placeholder drawn there).
void flg_set_blank_after_cursor(int columns);

#pragma clang assume_nonnull end
#endif
