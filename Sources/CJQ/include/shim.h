#ifndef REPORT_CJQ_SHIM_H
#define REPORT_CJQ_SHIM_H

// libjq (jq's own language, for `--jq`), loaded on first use. `report` does not link libjq:
// loading it and libonig costs about a tenth of `report`'s start-up, and only a command given
// `--jq` needs it. `report_jq_load` dlopens it once and starts the one thread every call of libjq
// then runs on (see shim.c for why); Swift sees only these functions, never jq's own types.
#include <stddef.h>

/// Loads libjq (once, thread-safely). 0 on success; otherwise -1, and `report_jq_load_error` says why.
int report_jq_load(void);
const char *report_jq_load_error(void);

/// A compiled jq program. Used by one call at a time (every call runs on libjq's thread).
typedef struct report_jq_program report_jq_program;

/// Compiles `text`. NULL when it does not compile (or libjq cannot be loaded); `*error` then
/// holds why, in jq's words (one line, malloc'd: the caller frees it).
report_jq_program *report_jq_compile(const char *text, char **error);

/// What `report_jq_apply` hands over, one call a result: a string (`bytes` its UTF-8, raw), any
/// other value (`bytes` its compact JSON), or the end of one input text's results.
enum report_jq_piece { REPORT_JQ_JSON = 0, REPORT_JQ_STRING = 1, REPORT_JQ_END_OF_TEXT = 2 };
/// Returns 0 to go on, anything else to stop (`report_jq_apply` then returns REPORT_JQ_STOPPED).
typedef int (*report_jq_emit)(void *context, int piece, const char *bytes, size_t length);

enum report_jq_status {
    REPORT_JQ_OK = 0,
    /// The input is not JSON texts.
    REPORT_JQ_NOT_JSON = 1,
    /// The program raised an error (`error`, `halt_error`, a type error, …).
    REPORT_JQ_FAILED = 2,
    /// `emit` asked to stop.
    REPORT_JQ_STOPPED = 3,
};

/// Runs `program` on each JSON text of `input[0..<length]` in turn, handing each result to `emit`
/// (on libjq's thread, while the caller waits), and after each text's results its end. On
/// REPORT_JQ_NOT_JSON or REPORT_JQ_FAILED `*error` holds why (malloc'd: the caller frees it);
/// the results of the texts before it were handed over, those of the failing text in part.
int report_jq_apply(report_jq_program *program, const char *input, size_t length, report_jq_emit emit, void *context,
                    char **error);

void report_jq_free(report_jq_program *program);

#endif
