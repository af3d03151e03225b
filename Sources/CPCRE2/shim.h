// PCRE2 with 8-bit code units (UTF-8); the header needs the width chosen before it is included.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
