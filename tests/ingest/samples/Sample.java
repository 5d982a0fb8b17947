package com.acme.app;

import java.util.List;
import com.acme.app.util.Hasher;

public class Sample {
    private static final int LIMIT = 10;
    private String name;
    public Sample(String name) { this.name = name; }
    public int get(String key) { return Hasher.hash(key); }
    interface Listener { void on(); }
}
