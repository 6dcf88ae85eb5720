/* libcurl is loaded on first use: only alarmd with [sync] (CalDAV) talks HTTP, and libcurl
   brings TLS, SSH, LDAP, Kerberos and IDN libraries with it (about twenty objects). Each
   function AlarmSync calls is defined here instead (hidden) and forwards to the real one in
   libcurl.so.4, looked up on first call. curl_easy_setopt and curl_easy_getinfo are variadic,
   which Swift cannot call: the typed oak_curl_* forms pass one argument of the option's kind. */
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include "OnDemandLoader.h"
#include "OnDemandLibraries.h"

OAK_ON_DEMAND_LIBRARY(OAK_CURL_SONAME, "libcurl4")

OAK_FORWARD(CURL *, curl_easy_init, (void), ())
OAK_FORWARD_VOID(curl_easy_cleanup, (CURL *handle), (handle))
OAK_FORWARD_VOID(curl_easy_reset, (CURL *handle), (handle))
OAK_FORWARD(CURLcode, curl_easy_perform, (CURL *handle), (handle))
OAK_FORWARD(const char *, curl_easy_strerror, (CURLcode code), (code))
OAK_FORWARD(struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *text), (list, text))
OAK_FORWARD_VOID(curl_slist_free_all, (struct curl_slist *list), (list))

__attribute__((visibility("hidden"))) CURLcode oak_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    OAK_RESOLVED(curl_easy_setopt)
    return target(handle, option, value);
}

__attribute__((visibility("hidden"))) CURLcode oak_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    OAK_RESOLVED(curl_easy_setopt)
    return target(handle, option, value);
}

__attribute__((visibility("hidden"))) CURLcode oak_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    OAK_RESOLVED(curl_easy_getinfo)
    return target(handle, info, value);
}
