#ifndef OPENALARMKIT_CCURL_H
#define OPENALARMKIT_CCURL_H
/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these typed
   forms (OnDemandLibraries/Curl.c) pass one argument of the option's kind. */
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

CURLcode oak_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode oak_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode oak_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
#endif
