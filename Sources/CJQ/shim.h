// jq's own language from Debian's libjq-dev (scripts/bootstrap installs it).
#include <jv.h>
#include <jq.h>
