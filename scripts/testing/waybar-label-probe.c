// An LD_PRELOAD probe for scripts/check-waybar: reads what waybar really shows. waybar hands a
// module's text to gtk_label_set_markup and its tooltip to gtk_widget_set_tooltip_markup;
// after each call this logs the markup it was given and what the widget then shows (GTK keeps
// the old text when the markup does not parse), one tab-separated line per call, to the file
// named by WAYBAR_PROBE_LOG. No GTK headers are needed: the two calls are looked up with dlsym.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct _GtkLabel GtkLabel;
typedef struct _GtkWidget GtkWidget;
typedef void (*set_fn)(void *, const char *);

static void record(const char *kind, const char *given, char *shown) {
    static FILE *out;
    if (!out) {
        const char *path = getenv("WAYBAR_PROBE_LOG");
        out = path ? fopen(path, "a") : NULL;
        if (!out) out = stderr;
        setvbuf(out, NULL, _IOLBF, 0);
    }
    // One line each: newlines (a tooltip has several) are written as \n.
    fprintf(out, "%s\tgiven=", kind);
    for (const char *c = given ? given : ""; *c; c++) c[0] == '\n' ? fputs("\\n", out) : fputc(*c, out);
    fputs("\tshown=", out);
    for (const char *c = shown ? shown : ""; *c; c++) c[0] == '\n' ? fputs("\\n", out) : fputc(*c, out);
    fputc('\n', out);
}

void gtk_label_set_markup(GtkLabel *label, const char *markup) {
    static set_fn real;
    static const char *(*text)(GtkLabel *);
    if (!real) {
        real = (set_fn)dlsym(RTLD_NEXT, "gtk_label_set_markup");
        text = (const char *(*)(GtkLabel *))dlsym(RTLD_NEXT, "gtk_label_get_text");
    }
    real(label, markup);
    record("label", markup, (char *)text(label));
}

void gtk_widget_set_tooltip_markup(GtkWidget *widget, const char *markup) {
    static set_fn real;
    static char *(*text)(GtkWidget *);
    if (!real) {
        real = (set_fn)dlsym(RTLD_NEXT, "gtk_widget_set_tooltip_markup");
        text = (char *(*)(GtkWidget *))dlsym(RTLD_NEXT, "gtk_widget_get_tooltip_text");
    }
    real(widget, markup);
    char *shown = text(widget);
    record("tooltip", markup, shown);
    free(shown);  // g_free; GLib allocates with malloc
}
