// Geek Out! table companion: parametric enclosure (base + lid), OpenSCAD.
// Render: openscad -o base.stl -D 'part="base"' enclosure.scad
//         openscad -o lid.stl  -D 'part="lid"'  enclosure.scad
// Every size below is in millimetres; change them for other modules.

part = "both";            // "base", "lid" or "both" (side by side)

// Parts inside
pico_len = 51;  pico_wid = 21;           // Raspberry Pi Pico
screen_w = 26;  screen_h = 15;           // visible OLED area (0.96 inch); 1.3 inch: 30 x 16
button_count = 4;  button_pitch = 16;  button_hole = 12.6;  // 12x12 mm tactile caps
seat_leds = 4;  led_hole = 5.5;         // one LED per seat, one per side

// Box
inner_l = 90;  inner_w = 60;  inner_h = 22;
wall = 2.2;  floor_t = 2;  lid_t = 2;  corner_r = 4;
screw_d = 1.8;  post_d = 6;              // M2 self-tapping into the posts
usb_w = 12;  usb_h = 7;                  // USB opening on the short side
$fn = 48;

outer_l = inner_l + 2 * wall;
outer_w = inner_w + 2 * wall;

module rounded_box(l, w, h, r) {
    hull() for (x = [r, l - r], y = [r, w - r]) translate([x, y, 0]) cylinder(r = r, h = h);
}

module posts() {
    for (x = [wall + post_d / 2, outer_l - wall - post_d / 2],
         y = [wall + post_d / 2, outer_w - wall - post_d / 2])
        translate([x, y, 0]) difference() {
            cylinder(d = post_d, h = floor_t + inner_h);
            cylinder(d = screw_d, h = floor_t + inner_h + 1);
        }
}

module base() {
    difference() {
        rounded_box(outer_l, outer_w, floor_t + inner_h, corner_r);
        translate([wall, wall, floor_t]) cube([inner_l, inner_w, inner_h + 1]);
        // USB opening, centred on the left short side, at the Pico's height
        translate([-1, outer_w / 2 - usb_w / 2, floor_t + 3]) cube([wall + 2, usb_w, usb_h]);
        // seat LED windows: one per side, clockwise from the front
        for (i = [0 : seat_leds - 1]) led_window(i);
    }
    posts();
    // Pico cradle rails
    translate([wall + 6, outer_w / 2 - pico_wid / 2 - 1.2, floor_t]) cube([pico_len, 1.2, 3]);
    translate([wall + 6, outer_w / 2 + pico_wid / 2, floor_t]) cube([pico_len, 1.2, 3]);
}

module led_window(i) {
    z = floor_t + inner_h - 6;
    if (i == 0) translate([outer_l / 2, -1, z]) rotate([-90, 0, 0]) cylinder(d = led_hole, h = wall + 2);
    if (i == 1) translate([outer_l + 1, outer_w / 2, z]) rotate([0, -90, 0]) cylinder(d = led_hole, h = wall + 2);
    if (i == 2) translate([outer_l / 2, outer_w + 1, z]) rotate([90, 0, 0]) cylinder(d = led_hole, h = wall + 2);
    if (i == 3) translate([-1, outer_w / 2 + usb_w, z]) rotate([0, 90, 0]) cylinder(d = led_hole, h = wall + 2);
}

module lid() {
    difference() {
        rounded_box(outer_l, outer_w, lid_t, corner_r);
        // screen window, upper part of the lid
        translate([outer_l / 2 - screen_w / 2, outer_w - wall - 6 - screen_h, -1])
            cube([screen_w, screen_h, lid_t + 2]);
        // button row along the front edge
        for (i = [0 : button_count - 1])
            translate([outer_l / 2 + (i - (button_count - 1) / 2) * button_pitch, wall + 4 + button_hole / 2, -1])
                cylinder(d = button_hole, h = lid_t + 2);
        // screw holes
        for (x = [wall + post_d / 2, outer_l - wall - post_d / 2],
             y = [wall + post_d / 2, outer_w - wall - post_d / 2])
            translate([x, y, -1]) cylinder(d = screw_d + 0.6, h = lid_t + 2);
    }
    // lip that keeps the lid in place
    translate([wall + 0.3, wall + 0.3, -1.5]) difference() {
        cube([inner_l - 0.6, inner_w - 0.6, 1.5]);
        translate([1.2, 1.2, -1]) cube([inner_l - 3, inner_w - 3, 4]);
        // leave room for the posts
        for (x = [0, inner_l - post_d - 1], y = [0, inner_w - post_d - 1])
            translate([x - 0.5, y - 0.5, -1]) cube([post_d + 2, post_d + 2, 4]);
    }
}

if (part == "base") base();
else if (part == "lid") lid();
else { base(); translate([0, outer_w + 10, lid_t]) lid(); }
