package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Who an element step is for, as the observer described its element when the step was authored: role, accessible
 * name, tag, input type, section, the text of its item ({@code context}) and a link's address. Replay checks the
 * element its selector finds against this before acting, and searches the page for it when the selector no longer
 * leads there. A field's value is never part of it: what a field holds is not who it is, and a token's value is a
 * secret.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"role", "name", "tag", "type", "section", "context", "href", "text"})
public record Target(
    @JsonProperty("role") String role,
    @JsonProperty("name") String name,
    @JsonProperty("tag") String tag,
    @JsonProperty("type") String type,
    @JsonProperty("section") String section,
    @JsonProperty("context") String context,
    @JsonProperty("href") String href,
    // the words a person sees on an element the browser gives no name (a clickable <div>), as the observer's `text`
    @JsonProperty("text") String text) {

  /** A target of an element the browser names (or that shows no words of its own). */
  public Target(String role, String name, String tag, String type, String section, String context, String href) {
    this(role, name, tag, type, section, context, href, null);
  }

  /** Whether the target says enough to recognize an element by: a role and a name, its words, a context or an address. */
  public boolean identifying() {
    return role != null && !role.isBlank() && ((name != null && !name.isBlank()) || (context != null && !context.isBlank())
        || (href != null && !href.isBlank()) || (text != null && !text.isBlank()));
  }
}
