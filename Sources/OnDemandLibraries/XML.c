/* libxml2 is loaded on first use: only alarmd with [sync] reads WebDAV multistatus replies.
   Each function AlarmSync calls is defined here instead (hidden) and forwards to the real one
   in libxml2.so.2, looked up on first call. Replies are read by the SAX2 push parser as they
   arrive (no tree, no whole reply in memory), so these few calls are all there is. */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include "OnDemandLoader.h"
#include "OnDemandLibraries.h"

OAK_ON_DEMAND_LIBRARY(OAK_XML_SONAME, "libxml2")

OAK_FORWARD(xmlParserCtxtPtr, xmlCreatePushParserCtxt, (xmlSAXHandlerPtr sax, void *user_data, const char *chunk, int size, const char *filename), (sax, user_data, chunk, size, filename))
OAK_FORWARD(int, xmlCtxtUseOptions, (xmlParserCtxtPtr ctxt, int options), (ctxt, options))
OAK_FORWARD(int, xmlParseChunk, (xmlParserCtxtPtr ctxt, const char *chunk, int size, int terminate), (ctxt, chunk, size, terminate))
OAK_FORWARD_VOID(xmlStopParser, (xmlParserCtxtPtr ctxt), (ctxt))
OAK_FORWARD_VOID(xmlFreeParserCtxt, (xmlParserCtxtPtr ctxt), (ctxt))
OAK_FORWARD(xmlErrorPtr, xmlCtxtGetLastError, (void *ctx), (ctx))
