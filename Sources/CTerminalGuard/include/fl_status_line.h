// An import's status line on stderr's terminal, ended cleanly when Ctrl-C or SIGTERM ends the import.
//
// Why C: as for the terminal guard, a signal handler may only call async-signal-safe functions.
#ifndef FL_STATUS_LINE_H
#define FL_STATUS_LINE_H

/// Whether a status line is on the terminal, the cursor at its end (1) or not (0).
void flsl_set_shown(int shown);

/// Whether a status line was shown; it is not any more (the caller erases it or writes below it).
int flsl_take_shown(void);

/// Until `flsl_disarm`, SIGINT and SIGTERM write a line break after a shown status line (its counts stay on the
/// screen, and what comes next starts a line of its own), then end the process by the same signal. A signal the
/// process ignores stays ignored. Returns 0, or -1 if already armed.
int flsl_arm(void);

/// Put back the signal actions from before `flsl_arm`.
void flsl_disarm(void);

#endif
