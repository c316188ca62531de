package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** Who decided a step (model or person) and the reasoning given for it. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record Provenance(
    @JsonProperty("by") String by,
    @JsonProperty("reasoning") String reasoning) {

  public static final String MODEL = "model";
  public static final String PERSON = "person";

  public static Provenance model(String reasoning) {
    return new Provenance(MODEL, reasoning);
  }

  public static Provenance person(String reasoning) {
    return new Provenance(PERSON, reasoning);
  }
}
