#ifndef SIGNUPGTK_CGTK_SHIM_H
#define SIGNUPGTK_CGTK_SHIM_H

// The libc headers first, as for Hourglass's CGLib: importing this module beside Glibc (as
// Foundation imports it) then sees one set of declarations.
#include <sys/types.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include <gtk/gtk.h>
#include <glib-unix.h>

// Swift can call neither C's variadic functions nor its function-like macros (G_CALLBACK,
// g_signal_connect, GTK_BUTTON, gtk_accessible_update_property, g_object_set): each one the
// app needs is wrapped here as a static inline function with fixed arguments.

/// A signal handler of the form every signal the app connects has: (instance, user data).
typedef void (*SignUpGtkHandler)(gpointer instance, gpointer data);

/// g_signal_connect_data: `destroy` frees `data` when the handler is disconnected or the
/// instance finalized.
static inline gulong signupgtk_connect(
    gpointer instance, const char *signal, SignUpGtkHandler handler, gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, destroy, (GConnectFlags)0);
}

/// A handler of a property's "notify::…" signal: (instance, the property's spec, user data).
typedef void (*SignUpGtkNotifyHandler)(gpointer instance, gpointer pspec, gpointer data);

/// g_signal_connect_data for a "notify::…" signal.
static inline gulong signupgtk_connect_notify(
    gpointer instance, const char *signal, SignUpGtkNotifyHandler handler, gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, destroy, (GConnectFlags)0);
}

/// A drop-down over the strings of `list` (GTK's own search left off: it matches the start of
/// a string alone).
static inline GtkWidget *signupgtk_string_drop_down(GtkStringList *list) {
    GtkWidget *drop_down = gtk_drop_down_new(G_LIST_MODEL(list), NULL);
    gtk_drop_down_set_expression(
        GTK_DROP_DOWN(drop_down), gtk_property_expression_new(GTK_TYPE_STRING_OBJECT, NULL, "string"));
    return drop_down;
}
/// A search entry's placeholder (its "placeholder-text" property: GTK 4.8 has no setter).
static inline void signupgtk_set_search_placeholder(GtkWidget *entry, const char *text) {
    g_object_set(entry, "placeholder-text", text, NULL);
}
static inline GtkDropDown *signupgtk_drop_down(GtkWidget *widget) { return GTK_DROP_DOWN(widget); }
static inline gboolean signupgtk_is_drop_down(GtkWidget *widget) { return GTK_IS_DROP_DOWN(widget); }

/// The string a drop-down of strings shows as chosen; NULL when none is.
static inline const char *signupgtk_drop_down_text(GtkWidget *widget) {
    gpointer item = gtk_drop_down_get_selected_item(GTK_DROP_DOWN(widget));
    return GTK_IS_STRING_OBJECT(item) ? gtk_string_object_get_string(GTK_STRING_OBJECT(item)) : NULL;
}

/// A function GLib runs once the main loop is idle (G_SOURCE_REMOVE: once).
typedef gboolean (*SignUpGtkIdle)(gpointer data);

/// g_idle_add_full at the default idle priority: `destroy` frees `data` after the last run.
static inline guint signupgtk_idle(SignUpGtkIdle function, gpointer data, GDestroyNotify destroy) {
    return g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, function, data, destroy);
}

/// A GtkApplication that never asks the session bus for uniqueness: two copies may run at once
/// (a restart while the last one ends), and no bus is needed.
static inline GtkApplication *signupgtk_application_new(const char *id) {
    return gtk_application_new(id, G_APPLICATION_NON_UNIQUE);
}

/// g_application_run without command-line arguments (the app reads its environment).
static inline int signupgtk_application_run(GtkApplication *application) {
    return g_application_run(G_APPLICATION(application), 0, NULL);
}

// GTK's checked casts.
static inline GtkWindow *signupgtk_window(GtkWidget *widget) { return GTK_WINDOW(widget); }
static inline GtkBox *signupgtk_box(GtkWidget *widget) { return GTK_BOX(widget); }
static inline GtkButton *signupgtk_button(GtkWidget *widget) { return GTK_BUTTON(widget); }
static inline GtkLabel *signupgtk_label(GtkWidget *widget) { return GTK_LABEL(widget); }
static inline GtkEditable *signupgtk_editable(GtkWidget *widget) { return GTK_EDITABLE(widget); }
static inline GtkEntry *signupgtk_entry(GtkWidget *widget) { return GTK_ENTRY(widget); }
static inline GtkCheckButton *signupgtk_check_button(GtkWidget *widget) { return GTK_CHECK_BUTTON(widget); }
static inline GtkStack *signupgtk_stack(GtkWidget *widget) { return GTK_STACK(widget); }
static inline GtkStackSwitcher *signupgtk_stack_switcher(GtkWidget *widget) { return GTK_STACK_SWITCHER(widget); }

// GTK's type checks, for the test hook's walk of the widget tree.
static inline gboolean signupgtk_is_button(GtkWidget *widget) { return GTK_IS_BUTTON(widget); }
static inline gboolean signupgtk_is_label(GtkWidget *widget) { return GTK_IS_LABEL(widget); }
static inline gboolean signupgtk_is_editable(GtkWidget *widget) { return GTK_IS_EDITABLE(widget); }
static inline gboolean signupgtk_is_check_button(GtkWidget *widget) { return GTK_IS_CHECK_BUTTON(widget); }
static inline const char *signupgtk_type_name(GtkWidget *widget) { return G_OBJECT_TYPE_NAME(widget); }

/// g_object_set of one string property (GtkPasswordEntry's placeholder has no setter).
static inline void signupgtk_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

/// Sets the accessible label and description (gtk_accessible_update_property is variadic); a
/// NULL description is reset.
static inline void signupgtk_accessible_describe(GtkWidget *widget, const char *label, const char *description) {
    GtkAccessible *accessible = GTK_ACCESSIBLE(widget);
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    if (description != NULL) {
        gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    } else {
        gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
}

/// Reads back a string property of a widget's accessible, as GTK holds it (the test hook's
/// read): NULL when it is unset, else a string to free with g_free. GTK 4.8 has no getter;
/// gtk_test_accessible_check_property returns the value it holds whenever it differs from the
/// one asked about, so it is asked about a value no text has.
static inline char *signupgtk_accessible_string(GtkWidget *widget, GtkAccessibleProperty property) {
    static const char sentinel[] = "\x01signupgtk-unset\x01";
    GtkAccessible *accessible = GTK_ACCESSIBLE(widget);
    if (!gtk_test_accessible_has_property(accessible, property)) return NULL;
    char *held = gtk_test_accessible_check_property(accessible, property, sentinel);
    return held != NULL ? held : g_strdup(sentinel);
}

/// Where `widget` is inside its window's surface (the X window), in surface pixels: its bounds
/// in its native widget plus the native's offset in the surface (client-side decorations).
static inline gboolean signupgtk_bounds_in_surface(
    GtkWidget *widget, double *x, double *y, double *width, double *height) {
    GtkNative *native = gtk_widget_get_native(widget);
    if (native == NULL) return FALSE;
    graphene_rect_t bounds;
    if (!gtk_widget_compute_bounds(widget, GTK_WIDGET(native), &bounds)) return FALSE;
    double dx = 0, dy = 0;
    gtk_native_get_surface_transform(native, &dx, &dy);
    *x = bounds.origin.x + dx;
    *y = bounds.origin.y + dy;
    *width = bounds.size.width;
    *height = bounds.size.height;
    return TRUE;
}

#endif
