package dev.waymark.risk;

/** What a step may do that a person must be able to stop: each category has its own approval policy. */
public enum RiskCategory {
  SUBMIT("submit, send or post"),
  PAYMENT("purchase or payment"),
  DELETE("delete"),
  ACCOUNT_SECURITY("account or security settings"),
  CREDENTIAL_FILL("credential fill"),
  UPLOAD("upload"),
  DOWNLOAD_CAPTURE("download or capture"),
  OFF_ORIGIN_NAVIGATION("navigation outside the task's origins"),
  EVAL("page function call");

  private final String description;

  RiskCategory(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }
}
