// Shared by the module's signal handlers, not part of its interface (outside include/).
#ifndef FL_DEFAULT_ACTION_H
#define FL_DEFAULT_ACTION_H

// Let `signo` do what it does by default (end or stop the process) from inside its own handler: set the default
// action, raise it (held while the handler runs) and unblock it. Returns only if the process was stopped and
// continued.
void fl_take_default_action(int signo);

#endif
