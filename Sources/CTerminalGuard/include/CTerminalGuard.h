// The module's headers, named here rather than found in the folder: a header added later changes this file, so a
// compiler's cached module is rebuilt (with an umbrella folder, an old cache did not see a new header).
#include "fl_terminal_guard.h"
#include "fl_status_line.h"
