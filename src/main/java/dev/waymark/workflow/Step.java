package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One workflow step with every field of the spec, under the spec's JSON names. Values stay as
 * written: a {@code {{ token }}} is never replaced by its real value inside a Step.
 */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
@JsonPropertyOrder({"id", "type", "label", "selector", "value", "format", "attribute", "fields", "limit",
    "url", "fn", "args", "body_params", "method", "filename", "output", "wait", "prompt", "continue_on",
    "timeout_ms", "optional", "condition", "store", "resume", "always", "accept_dialog", "allow_download",
    "target", "expect", "provenance"})
public record Step(
    @JsonProperty("id") String id,
    @JsonProperty("type") String type,
    @JsonProperty("label") String label,
    @JsonProperty("selector") Selector selector,
    // An empty value is meaningful (a fill that clears the field): only null is left out.
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("value") String value,
    @JsonProperty("format") String format,
    @JsonProperty("attribute") String attribute,
    @JsonProperty("fields") Map<String, ExtractField> fields,
    @JsonProperty("limit") int limit,
    @JsonProperty("url") String url,
    @JsonProperty("fn") String fn,
    @JsonProperty("args") List<Object> args,
    @JsonProperty("body_params") Map<String, String> bodyParams,
    @JsonProperty("method") String method,
    @JsonProperty("filename") String filename,
    @JsonProperty("output") String output,
    @JsonProperty("wait") WaitConfig waitFor,
    @JsonProperty("prompt") String prompt,
    @JsonProperty("continue_on") ContinueCondition continueOn,
    @JsonProperty("timeout_ms") int timeoutMs,
    @JsonProperty("optional") boolean optional,
    @JsonProperty("condition") Condition condition,
    @JsonProperty("store") String store,
    @JsonProperty("resume") ResumePoint resume,
    @JsonProperty("always") boolean always,
    // task-respond: a dialog is answered OK, or a download allowed, only when the step asks and a person approved.
    @JsonProperty("accept_dialog") boolean acceptDialog,
    @JsonProperty("allow_download") boolean allowDownload,
    @JsonProperty("provenance") Provenance provenance,
    // Who the element is, beside the selector that finds it (replay checks it before acting).
    @JsonProperty("target") Target target,
    // The effect the step was seen to have when authored (replay waits for it after acting).
    @JsonProperty("expect") Expect expect) {

  public Step {
    // Key order is column order for extractList, and form order for body_params: keep insertion order.
    fields = fields == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    bodyParams = bodyParams == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(bodyParams));
    args = args == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(args));
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  public static Builder builder(String type) {
    return new Builder().type(type);
  }

  public Step withId(String newId) {
    return toBuilder().id(newId).build();
  }

  public Step withLabel(String newLabel) {
    return toBuilder().label(newLabel).build();
  }

  /** The same step with another seen effect (null drops it). */
  public Step withExpect(Expect e) {
    return toBuilder().expect(Expect.orNull(e)).build();
  }

  public Step withProvenance(Provenance p) {
    return toBuilder().provenance(p).build();
  }

  /** Mutable assembly of a Step; the record itself stays immutable. */
  public static final class Builder {
    private String id, type, label, value, format, attribute, url, fn, method, filename, output, prompt, store;
    private Selector selector;
    private Map<String, ExtractField> fields;
    private int limit, timeoutMs;
    private List<Object> args;
    private Map<String, String> bodyParams;
    private WaitConfig waitFor;
    private ContinueCondition continueOn;
    private boolean optional, always, acceptDialog, allowDownload;
    private Condition condition;
    private ResumePoint resume;
    private Provenance provenance;
    private Target target;
    private Expect expect;

    public Builder() {}

    Builder(Step s) {
      id = s.id; type = s.type; label = s.label; selector = s.selector; value = s.value; format = s.format;
      attribute = s.attribute; fields = s.fields; limit = s.limit; url = s.url; fn = s.fn; args = s.args;
      bodyParams = s.bodyParams; method = s.method; filename = s.filename; output = s.output; waitFor = s.waitFor;
      prompt = s.prompt; continueOn = s.continueOn; timeoutMs = s.timeoutMs; optional = s.optional;
      condition = s.condition; store = s.store; resume = s.resume; always = s.always;
      acceptDialog = s.acceptDialog; allowDownload = s.allowDownload; provenance = s.provenance;
      target = s.target; expect = s.expect;
    }

    public Builder id(String v) { id = v; return this; }
    public Builder type(String v) { type = v; return this; }
    public Builder label(String v) { label = v; return this; }
    public Builder selector(Selector v) { selector = v; return this; }
    public Builder value(String v) { value = v; return this; }
    public Builder format(String v) { format = v; return this; }
    public Builder attribute(String v) { attribute = v; return this; }
    public Builder fields(Map<String, ExtractField> v) { fields = v; return this; }
    public Builder limit(int v) { limit = v; return this; }
    public Builder url(String v) { url = v; return this; }
    public Builder fn(String v) { fn = v; return this; }
    public Builder args(List<Object> v) { args = v; return this; }
    public Builder bodyParams(Map<String, String> v) { bodyParams = v; return this; }
    public Builder method(String v) { method = v; return this; }
    public Builder filename(String v) { filename = v; return this; }
    public Builder output(String v) { output = v; return this; }
    public Builder waitFor(WaitConfig v) { waitFor = v; return this; }
    public Builder prompt(String v) { prompt = v; return this; }
    public Builder continueOn(ContinueCondition v) { continueOn = v; return this; }
    public Builder timeoutMs(int v) { timeoutMs = v; return this; }
    public Builder optional(boolean v) { optional = v; return this; }
    public Builder condition(Condition v) { condition = v; return this; }
    public Builder store(String v) { store = v; return this; }
    public Builder resume(ResumePoint v) { resume = v; return this; }
    public Builder always(boolean v) { always = v; return this; }
    public Builder acceptDialog(boolean v) { acceptDialog = v; return this; }
    public Builder allowDownload(boolean v) { allowDownload = v; return this; }
    public Builder provenance(Provenance v) { provenance = v; return this; }
    public Builder target(Target v) { target = v; return this; }
    public Builder expect(Expect v) { expect = v; return this; }

    public Step build() {
      return new Step(id, type, label, selector, value, format, attribute, fields, limit, url, fn, args,
          bodyParams, method, filename, output, waitFor, prompt, continueOn, timeoutMs, optional, condition,
          store, resume, always, acceptDialog, allowDownload, provenance, target, expect);
    }
  }
}
