#include "shim.h"

#include <dlfcn.h>
#include <jq.h>
#include <jv.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// jv.h defines `jv_is_valid` in the header, calling jv_get_kind: a reference the linker would need
// libjq for. Weak, it needs nothing; this file never calls jv_is_valid, only `lib.get_kind`.
#pragma weak jv_get_kind

// Why one thread for every call of libjq:
// - jv values count their references without atomics (jq#120): a program and the values it makes
//   must never be used by two threads at once;
// - libjq 1.6 keeps per-thread state: built with pthread keys (not Debian's, which uses __thread),
//   it sets its out-of-memory handler for the first thread alone, and jq_init on any other thread
//   calls a null handler and crashes (jq#2545, fixed after 1.6);
// - Swift's tasks move between threads at every `await`.
// Running each call on the one thread started here makes all three hold whichever build of libjq
// the system has. A caller waits for its call, so the thread runs one call at a time.

static struct {
    jq_state *(*init)(void);
    void (*set_error_cb)(jq_state *, jq_msg_cb, void *);
    void (*set_attr)(jq_state *, jv, jv);
    int (*compile)(jq_state *, const char *);
    void (*start)(jq_state *, jv, int);
    jv (*next)(jq_state *);
    int (*halted)(jq_state *);
    jv (*get_error_message)(jq_state *);
    void (*teardown)(jq_state **);
    jv_kind (*get_kind)(jv);
    jv (*copy)(jv);
    void (*free)(jv);
    int (*invalid_has_msg)(jv);
    jv (*invalid_get_msg)(jv);
    jv (*dump_string)(jv, int);
    const char *(*string_value)(jv);
    int (*string_length_bytes)(jv);
    jv (*string)(const char *);
    jv (*array)(void);
    jv_parser *(*parser_new)(int);
    void (*parser_set_buf)(jv_parser *, const char *, int, int);
    jv (*parser_next)(jv_parser *);
    void (*parser_free)(jv_parser *);
} lib;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static char load_error[256] = "libjq was not loaded";

// The handoff to libjq's thread: one call at a time (`callers`), posted and waited for under `handoff`.
static pthread_mutex_t callers = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t handoff = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t posted = PTHREAD_COND_INITIALIZER;
static pthread_cond_t finished = PTHREAD_COND_INITIALIZER;
static void (*pending_call)(void *);
static void *pending_context;
static int call_done;

static void *jq_thread(void *unused) {
    (void)unused;
    pthread_mutex_lock(&handoff);
    for (;;) {
        while (!pending_call) pthread_cond_wait(&posted, &handoff);
        void (*call)(void *) = pending_call;
        void *context = pending_context;
        pthread_mutex_unlock(&handoff);
        call(context);
        pthread_mutex_lock(&handoff);
        pending_call = NULL;
        call_done = 1;
        pthread_cond_broadcast(&finished);
    }
    return NULL;
}

static void on_jq_thread(void (*call)(void *), void *context) {
    pthread_mutex_lock(&callers);
    pthread_mutex_lock(&handoff);
    pending_call = call;
    pending_context = context;
    call_done = 0;
    pthread_cond_signal(&posted);
    while (!call_done) pthread_cond_wait(&finished, &handoff);
    pthread_mutex_unlock(&handoff);
    pthread_mutex_unlock(&callers);
}

static void load(void) {
    // The soname of libjq 1.5–1.8 (Debian's libjq1). RTLD_LAZY: a function is bound on its first call.
    void *library = dlopen("libjq.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load libjq (%s); install libjq1", reason ? reason : "unknown error");
        return;
    }
#define RESOLVE(field, name)                                                                   \
    do {                                                                                       \
        *(void **)(&lib.field) = dlsym(library, name);                                         \
        if (!lib.field) {                                                                      \
            snprintf(load_error, sizeof load_error, "libjq.so.1 has no %s: it is too old", name); \
            return;                                                                            \
        }                                                                                      \
    } while (0)
    RESOLVE(init, "jq_init");
    RESOLVE(set_error_cb, "jq_set_error_cb");
    RESOLVE(set_attr, "jq_set_attr");
    RESOLVE(compile, "jq_compile");
    RESOLVE(start, "jq_start");
    RESOLVE(next, "jq_next");
    RESOLVE(halted, "jq_halted");
    RESOLVE(get_error_message, "jq_get_error_message");
    RESOLVE(teardown, "jq_teardown");
    RESOLVE(get_kind, "jv_get_kind");
    RESOLVE(copy, "jv_copy");
    RESOLVE(free, "jv_free");
    RESOLVE(invalid_has_msg, "jv_invalid_has_msg");
    RESOLVE(invalid_get_msg, "jv_invalid_get_msg");
    RESOLVE(dump_string, "jv_dump_string");
    RESOLVE(string_value, "jv_string_value");
    RESOLVE(string_length_bytes, "jv_string_length_bytes");
    RESOLVE(string, "jv_string");
    RESOLVE(array, "jv_array");
    RESOLVE(parser_new, "jv_parser_new");
    RESOLVE(parser_set_buf, "jv_parser_set_buf");
    RESOLVE(parser_next, "jv_parser_next");
    RESOLVE(parser_free, "jv_parser_free");
#undef RESOLVE
    // A deep value (`reduce range(100000) as $i (null; [.])`) is printed and freed by recursion:
    // the thread gets room for it (address space; only the pages used are ever touched).
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, 64u << 20);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int created = pthread_create(&thread, &attributes, jq_thread, NULL);
    pthread_attr_destroy(&attributes);
    if (created != 0) {
        snprintf(load_error, sizeof load_error, "cannot start a thread for libjq: %s", strerror(created));
        return;
    }
    load_status = 0;
}

int report_jq_load(void) {
    pthread_once(&load_once, load);
    return load_status;
}

const char *report_jq_load_error(void) { return load_status == 0 ? "" : load_error; }

// `text` (`length` bytes) as one line: up to its first line break, without trailing blanks or a
// final colon (jq ends a compile error's first line with one, before the program's text).
static char *one_line(const char *text, size_t length) {
    size_t end = 0;
    while (end < length && text[end] != '\n' && text[end] != '\r') end++;
    while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == ':')) end--;
    char *line = malloc(end + 1);
    if (!line) return NULL;
    memcpy(line, text, end);
    line[end] = 0;
    return line;
}

// A message jq gave as a value (consumed): a string as it is; anything else as its JSON.
static char *message_text(jv message) {
    jv_kind kind = lib.get_kind(message);
    if (kind == JV_KIND_STRING) {
        char *text = one_line(lib.string_value(message), (size_t)lib.string_length_bytes(lib.copy(message)));
        lib.free(message);
        return text;
    }
    if (kind == JV_KIND_INVALID || kind == JV_KIND_NULL) {
        lib.free(message);
        return strdup("unknown error");
    }
    jv dumped = lib.dump_string(message, 0);
    char *text = one_line(lib.string_value(dumped), (size_t)lib.string_length_bytes(lib.copy(dumped)));
    lib.free(dumped);
    return text;
}

struct report_jq_program {
    jq_state *state;
};

struct compile_call {
    const char *text;
    report_jq_program *program;
    char *error;
};

// jq reports compile errors through this, one message each ("jq: error: … at <top-level>, line 1:"
// and the program's text), then "jq: N compile errors": the first one says what is wrong.
static void keep_first_error(void *context, jv message) {
    struct compile_call *call = context;
    char *text = message_text(message);
    if (!text) return;
    if (call->error) {
        free(text);
        return;
    }
    const char *prefix = "jq: error: ";
    if (strncmp(text, prefix, strlen(prefix)) == 0) memmove(text, text + strlen(prefix), strlen(text) - strlen(prefix) + 1);
    call->error = text;
}

static void compile_on_jq_thread(void *context) {
    struct compile_call *call = context;
    jq_state *state = lib.init();
    if (!state) {
        call->error = strdup("out of memory");
        return;
    }
    lib.set_error_cb(state, keep_first_error, call);
    // No library search path of jq's own installation (jq's main sets one; without it `import`
    // fails an assertion and aborts): `import` and `include` find modules beside the program,
    // in the current folder, as jq does for a program given on its command line.
    lib.set_attr(state, lib.string("JQ_LIBRARY_PATH"), lib.array());
    lib.set_attr(state, lib.string("JQ_ORIGIN"), lib.string("."));
    lib.set_attr(state, lib.string("PROGRAM_ORIGIN"), lib.string("."));
    if (!lib.compile(state, call->text)) {
        if (!call->error) call->error = strdup("the expression does not compile");
        lib.teardown(&state);
        return;
    }
    free(call->error);
    call->error = NULL;
    call->program = malloc(sizeof *call->program);
    if (!call->program) {
        call->error = strdup("out of memory");
        lib.teardown(&state);
        return;
    }
    call->program->state = state;
}

report_jq_program *report_jq_compile(const char *text, char **error) {
    *error = NULL;
    if (report_jq_load() != 0) {
        *error = strdup(load_error);
        return NULL;
    }
    struct compile_call call = {text, NULL, NULL};
    on_jq_thread(compile_on_jq_thread, &call);
    *error = call.error;
    return call.program;
}

struct apply_call {
    report_jq_program *program;
    const char *input;
    size_t length;
    report_jq_emit emit;
    void *context;
    int status;
    char *error;
};

// The results of the text the program was started on, handed to `emit`.
static void run_program(struct apply_call *call) {
    jq_state *state = call->program->state;
    for (;;) {
        jv result = lib.next(state);
        jv_kind kind = lib.get_kind(result);
        if (kind == JV_KIND_INVALID) {
            if (lib.halted(state)) {
                // `halt` ends this text's results; `halt_error` is the program's error.
                lib.free(result);
                jv message = lib.get_error_message(state);
                if (lib.get_kind(message) == JV_KIND_NULL || lib.get_kind(message) == JV_KIND_INVALID) {
                    lib.free(message);
                } else {
                    call->status = REPORT_JQ_FAILED;
                    call->error = message_text(message);
                }
            } else if (lib.invalid_has_msg(lib.copy(result))) {
                call->status = REPORT_JQ_FAILED;
                call->error = message_text(lib.invalid_get_msg(result));
            } else {
                lib.free(result);
            }
            return;
        }
        int stop;
        if (kind == JV_KIND_STRING) {
            stop = call->emit(call->context, REPORT_JQ_STRING, lib.string_value(result),
                              (size_t)lib.string_length_bytes(lib.copy(result)));
            lib.free(result);
        } else {
            jv dumped = lib.dump_string(result, 0);
            stop = call->emit(call->context, REPORT_JQ_JSON, lib.string_value(dumped),
                              (size_t)lib.string_length_bytes(lib.copy(dumped)));
            lib.free(dumped);
        }
        if (stop) {
            call->status = REPORT_JQ_STOPPED;
            return;
        }
    }
}

static void apply_on_jq_thread(void *context) {
    struct apply_call *call = context;
    jv_parser *parser = lib.parser_new(0);
    if (!parser) {
        call->status = REPORT_JQ_FAILED;
        call->error = strdup("out of memory");
        return;
    }
    // The last argument is `is_partial`: these are whole texts, the end of the input is their end.
    lib.parser_set_buf(parser, call->input, (int)call->length, 0);
    for (;;) {
        jv value = lib.parser_next(parser);
        if (lib.get_kind(value) == JV_KIND_INVALID) {
            if (lib.invalid_has_msg(lib.copy(value))) {
                call->status = REPORT_JQ_NOT_JSON;
                call->error = message_text(lib.invalid_get_msg(value));
            } else {
                lib.free(value);
            }
            break;
        }
        lib.start(call->program->state, value, 0);
        run_program(call);
        if (call->status != REPORT_JQ_OK) break;
        if (call->emit(call->context, REPORT_JQ_END_OF_TEXT, "", 0)) {
            call->status = REPORT_JQ_STOPPED;
            break;
        }
    }
    lib.parser_free(parser);
}

int report_jq_apply(report_jq_program *program, const char *input, size_t length, report_jq_emit emit, void *context,
                    char **error) {
    *error = NULL;
    if (length > (size_t)0x7fffffff) {
        *error = strdup("the document is larger than 2 GiB");
        return REPORT_JQ_NOT_JSON;
    }
    struct apply_call call = {program, input, length, emit, context, REPORT_JQ_OK, NULL};
    on_jq_thread(apply_on_jq_thread, &call);
    *error = call.error;
    return call.status;
}

static void free_on_jq_thread(void *context) {
    report_jq_program *program = context;
    lib.teardown(&program->state);
    free(program);
}

void report_jq_free(report_jq_program *program) {
    if (program) on_jq_thread(free_on_jq_thread, program);
}
