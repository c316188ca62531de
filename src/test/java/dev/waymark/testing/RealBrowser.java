package dev.waymark.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Marks a test class (or method) that drives a real browser. It runs against {@link Browsers#chromium()}; with
 * {@code -Dwaymark.browser=none} it is skipped and counted, and with no browser found it fails. One such class runs at
 * a time (the lock {@value #LOCK}); tests without a browser run beside it.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("browser")
@ExtendWith(RealBrowserCondition.class)
@ResourceLock(RealBrowser.LOCK)
public @interface RealBrowser {
  String LOCK = "waymark.browser";
}
