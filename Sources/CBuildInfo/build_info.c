#include "build_info.h"

#include <stddef.h>

__attribute__((weak)) const char *report_build_commit(void) { return NULL; }

__attribute__((weak)) const char *report_build_date(void) { return NULL; }
