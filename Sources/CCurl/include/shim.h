#ifndef REPORT_CCURL_SHIM_H
#define REPORT_CCURL_SHIM_H

// libcurl, loaded on first use. `report` does not link libcurl: loading it and the thirty-odd
// libraries it depends on costs more than the rest of start-up, and `--help`, a help topic, a
// completion or a usage error need none of it (`--version` loads it only to print its version).
// `report_curl_load` dlopens it once; every other function here forwards to libcurl's function of
// the same name without the `report_` prefix, and must only be called after `report_curl_load`
// returned 0 — except report_version_info, report_curl_version and the two strerror functions,
// which load libcurl themselves (and say so when it cannot be loaded).
//
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot call:
// the typed report_easy_setopt_* / report_easy_getinfo_* / report_multi_setopt_long wrappers are.
// Only types and constants of <curl/curl.h> are used from Swift, never its functions.
#include <curl/curl.h>
#include <stddef.h>

/// Loads libcurl (once, thread-safely). 0 on success; otherwise -1, and `report_curl_load_error`
/// says why.
int report_curl_load(void);
const char *report_curl_load_error(void);

CURLcode report_curl_global_init(long flags);
curl_version_info_data *report_version_info(void);
/// libcurl's version line, "libcurl/7.88.1 OpenSSL/3.0.17 zlib/1.2.13 …"; NULL when libcurl cannot be
/// loaded (report_curl_load_error says why).
const char *report_curl_version(void);
const char *report_curl_easy_strerror(CURLcode code);
const char *report_curl_multi_strerror(CURLMcode code);

CURL *report_curl_easy_init(void);
void report_curl_easy_cleanup(CURL *h);
struct curl_slist *report_curl_slist_append(struct curl_slist *list, const char *string);
void report_curl_slist_free_all(struct curl_slist *list);

CURLM *report_curl_multi_init(void);
CURLMcode report_curl_multi_cleanup(CURLM *m);
CURLMcode report_curl_multi_add_handle(CURLM *m, CURL *h);
CURLMcode report_curl_multi_remove_handle(CURLM *m, CURL *h);
CURLMcode report_curl_multi_perform(CURLM *m, int *running);
CURLMsg *report_curl_multi_info_read(CURLM *m, int *queued);
CURLMcode report_curl_multi_poll(CURLM *m, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *numfds);
CURLMcode report_curl_multi_wakeup(CURLM *m);

CURLcode report_easy_setopt_long(CURL *h, CURLoption o, long v);
CURLcode report_easy_setopt_string(CURL *h, CURLoption o, const char *v);
CURLcode report_easy_setopt_pointer(CURL *h, CURLoption o, void *v);
CURLcode report_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v);
CURLcode report_easy_setopt_off_t(CURL *h, CURLoption o, curl_off_t v);
CURLcode report_easy_setopt_write_function(CURL *h, curl_write_callback f);
CURLcode report_easy_setopt_header_function(CURL *h, curl_write_callback f);
typedef int (*report_xferinfo_callback)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);
CURLcode report_easy_setopt_xferinfo_function(CURL *h, report_xferinfo_callback f);

/// Makes every socket the handle opens close-on-exec (created with SOCK_CLOEXEC), so that no
/// program report starts (the pager) inherits a connection.
CURLcode report_easy_setopt_cloexec_sockets(CURL *h);

CURLcode report_easy_getinfo_long(CURL *h, CURLINFO i, long *v);
CURLcode report_easy_getinfo_off_t(CURL *h, CURLINFO i, curl_off_t *v);
CURLcode report_easy_getinfo_string(CURL *h, CURLINFO i, char **v);

CURLMcode report_multi_setopt_long(CURLM *m, CURLMoption o, long v);

#endif
