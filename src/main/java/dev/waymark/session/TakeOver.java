package dev.waymark.session;

import dev.waymark.workflow.Selector;

/**
 * An action the person performs themselves instead of (or without) a decided step: a type, the element by its
 * ref in the current observation or by a selector, and a value as written ({@code {{ token }}} allowed).
 */
public record TakeOver(String type, String ref, Selector selector, String value, String url, String label) {

  public static TakeOver on(String type, String ref, String value) {
    return new TakeOver(type, ref, null, value, null, null);
  }

  public static TakeOver navigate(String url) {
    return new TakeOver("navigate", null, null, null, url, null);
  }
}
