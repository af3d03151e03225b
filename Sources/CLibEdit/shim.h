// libedit (Debian libedit-dev): the header that declares EditLine, History and their non-variadic calls.
#include <histedit.h>
#include <locale.h>
#include <langinfo.h>
