package dev.waymark.testing;

import java.util.List;

/**
 * The two sessions issue 26's delta benchmarks walk, for an agent over MCP and for a model's prompt alike: a form
 * of 17 fields among some 200 controls ({@code pages/agent/long-form.html}), and six todos on TodoMVC.
 */
public final class DeltaScenarios {
  /** The long form's text fields, in page order. */
  public static final List<String> FORM_FIELDS = List.of("First name", "Last name", "Email", "Phone", "Street", "City",
      "Postcode", "Company", "Job title", "Website", "Reference", "Referral code", "Team size", "Budget", "Start month",
      "Billing contact", "VAT number");
  /** The todos added, in order. */
  public static final List<String> TODOS = List.of("Buy milk", "Walk the dog", "Read a book", "Pay rent", "Call mum", "Water plants");

  private DeltaScenarios() {}
}
