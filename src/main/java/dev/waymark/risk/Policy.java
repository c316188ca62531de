package dev.waymark.risk;

/** What happens to a step in a risk category: performed, held for the person, or refused. */
public enum Policy {
  AUTO, ASK, BLOCK
}
