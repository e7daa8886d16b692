#include "shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/socket.h>

// libcurl's functions, resolved from the library that report_curl_load opened. Written once,
// under pthread_once, before any reader can see report_curl_load succeed.
static struct {
    CURLcode (*global_init)(long);
    curl_version_info_data *(*version_info)(CURLversion);
    char *(*version)(void);
    const char *(*easy_strerror)(CURLcode);
    const char *(*multi_strerror)(CURLMcode);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static char load_error[256] = "libcurl was not loaded";

static void load(void) {
    // The soname of libcurl 7.x and 8.x (Debian's libcurl4 / libcurl4-openssl-dev).
    // RTLD_LAZY: libcurl and its thirty-odd libraries bind a function on its first call instead of
    // all of them now; loading is on the way to the first request, and this makes it ~0.5 ms shorter.
    void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load libcurl (%s); install libcurl4",
                 reason ? reason : "unknown error");
        return;
    }
#define RESOLVE(field, name)                                                                  \
    do {                                                                                      \
        *(void **)(&curl.field) = dlsym(library, name);                                       \
        if (!curl.field) {                                                                    \
            snprintf(load_error, sizeof load_error, "libcurl.so.4 has no %s: it is too old", name); \
            return;                                                                           \
        }                                                                                     \
    } while (0)
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(version_info, "curl_version_info");
    RESOLVE(version, "curl_version");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(multi_strerror, "curl_multi_strerror");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
    RESOLVE(multi_init, "curl_multi_init");
    RESOLVE(multi_cleanup, "curl_multi_cleanup");
    RESOLVE(multi_add_handle, "curl_multi_add_handle");
    RESOLVE(multi_remove_handle, "curl_multi_remove_handle");
    RESOLVE(multi_perform, "curl_multi_perform");
    RESOLVE(multi_info_read, "curl_multi_info_read");
    RESOLVE(multi_poll, "curl_multi_poll");
    RESOLVE(multi_wakeup, "curl_multi_wakeup");
    RESOLVE(multi_setopt, "curl_multi_setopt");
#undef RESOLVE
    load_status = 0;
}

int report_curl_load(void) {
    pthread_once(&load_once, load);
    return load_status;
}

const char *report_curl_load_error(void) { return load_status == 0 ? "" : load_error; }

CURLcode report_curl_global_init(long flags) { return curl.global_init(flags); }
// CURLVERSION_NOW is a macro naming an enum constant, which Swift does not import.
curl_version_info_data *report_version_info(void) {
    return report_curl_load() == 0 ? curl.version_info(CURLVERSION_NOW) : NULL;
}
// `report --version` asks for this alone: it loads libcurl but does not initialise it (no
// curl_global_init, so no TLS library set up for a line of text).
const char *report_curl_version(void) { return report_curl_load() == 0 ? curl.version() : NULL; }
// These two may describe a code before any transfer ran (an error mapped from a code alone), so
// they load libcurl themselves rather than assume it.
const char *report_curl_easy_strerror(CURLcode code) {
    return report_curl_load() == 0 ? curl.easy_strerror(code) : "libcurl is not available";
}
const char *report_curl_multi_strerror(CURLMcode code) {
    return report_curl_load() == 0 ? curl.multi_strerror(code) : "libcurl is not available";
}

CURL *report_curl_easy_init(void) { return curl.easy_init(); }
void report_curl_easy_cleanup(CURL *h) { curl.easy_cleanup(h); }
struct curl_slist *report_curl_slist_append(struct curl_slist *list, const char *string) {
    return curl.slist_append(list, string);
}
void report_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLM *report_curl_multi_init(void) { return curl.multi_init(); }
CURLMcode report_curl_multi_cleanup(CURLM *m) { return curl.multi_cleanup(m); }
CURLMcode report_curl_multi_add_handle(CURLM *m, CURL *h) { return curl.multi_add_handle(m, h); }
CURLMcode report_curl_multi_remove_handle(CURLM *m, CURL *h) { return curl.multi_remove_handle(m, h); }
CURLMcode report_curl_multi_perform(CURLM *m, int *running) { return curl.multi_perform(m, running); }
CURLMsg *report_curl_multi_info_read(CURLM *m, int *queued) { return curl.multi_info_read(m, queued); }
CURLMcode report_curl_multi_poll(CURLM *m, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *numfds) {
    return curl.multi_poll(m, extra, count, timeout_ms, numfds);
}
CURLMcode report_curl_multi_wakeup(CURLM *m) { return curl.multi_wakeup(m); }

CURLcode report_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl.easy_setopt(h, o, v); }
CURLcode report_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl.easy_setopt(h, o, v); }
CURLcode report_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl.easy_setopt(h, o, v); }
CURLcode report_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl.easy_setopt(h, o, v); }
CURLcode report_easy_setopt_off_t(CURL *h, CURLoption o, curl_off_t v) { return curl.easy_setopt(h, o, v); }
CURLcode report_easy_setopt_write_function(CURL *h, curl_write_callback f) {
    return curl.easy_setopt(h, CURLOPT_WRITEFUNCTION, f);
}
CURLcode report_easy_setopt_header_function(CURL *h, curl_write_callback f) {
    return curl.easy_setopt(h, CURLOPT_HEADERFUNCTION, f);
}
CURLcode report_easy_setopt_xferinfo_function(CURL *h, report_xferinfo_callback f) {
    return curl.easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f);
}

// libcurl creates its sockets without close-on-exec; this creates them as it would, with it.
static curl_socket_t open_cloexec_socket(void *clientp, curlsocktype purpose, struct curl_sockaddr *address) {
    (void)clientp;
    (void)purpose;
    int socket_fd = socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
    return socket_fd < 0 ? CURL_SOCKET_BAD : socket_fd;
}
CURLcode report_easy_setopt_cloexec_sockets(CURL *h) {
    return curl.easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, open_cloexec_socket);
}

CURLcode report_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl.easy_getinfo(h, i, v); }
CURLcode report_easy_getinfo_off_t(CURL *h, CURLINFO i, curl_off_t *v) { return curl.easy_getinfo(h, i, v); }
CURLcode report_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl.easy_getinfo(h, i, v); }

CURLMcode report_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl.multi_setopt(m, o, v); }
