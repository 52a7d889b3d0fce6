import { cn } from '@/lib/cn';

/** Decorative night sky with mountains and a moon, drawn in CSS and SVG (no image downloads). */
export function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_50%_0%,#2a2414_0%,#0f1118_45%,#07080b_100%)]" />
      <div
        className={cn(
          'absolute top-[12%] right-[14%] size-28 rounded-full',
          'bg-[radial-gradient(circle_at_35%_35%,#fbf0cf,#d9b865_60%,#8a6a22)]',
          'opacity-80 blur-[1px] shadow-[0_0_90px_30px_rgb(227_189_92/0.25)] sm:size-36',
        )}
      />
      <svg className="absolute bottom-0 left-0 h-[55%] w-full" viewBox="0 0 1440 480" preserveAspectRatio="none">
        <path d="M0 330 180 170 320 300 470 120 640 310 790 190 960 330 1120 150 1300 300 1440 210V480H0Z" fill="#141923" />
        <path d="M0 400 150 290 300 380 520 250 700 390 880 280 1060 400 1250 300 1440 380V480H0Z" fill="#0d1017" />
        <path d="M0 450 260 390 520 440 820 380 1100 440 1440 400V480H0Z" fill="#07080b" />
      </svg>
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,transparent_40%,rgb(7_8_11/0.75)_100%)]" />
    </div>
  );
}
