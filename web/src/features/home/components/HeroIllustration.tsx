import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/home';

/**
 * A calm living room drawn in the brand palette: an arched window, a linen sofa, a floor lamp,
 * a terracotta pot with an olive branch and a round rug. No third-party photographs are used.
 */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 480 520" role="img" aria-label={t('home.heroAlt')}>
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f3dcc7" />
          <stop offset="1" stopColor="#f9efe4" />
        </linearGradient>
        <linearGradient id="hero-wall" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ece1d2" />
          <stop offset="1" stopColor="#e4d6c3" />
        </linearGradient>
        <radialGradient id="hero-lamp" cx="0.5" cy="0.2" r="0.8">
          <stop offset="0" stopColor="#fff3d9" stopOpacity="0.95" />
          <stop offset="1" stopColor="#fff3d9" stopOpacity="0" />
        </radialGradient>
        <clipPath id="hero-frame">
          <rect x="0" y="0" width="480" height="520" rx="28" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-frame)">
        <rect width="480" height="520" fill="url(#hero-wall)" />
        {/* Arched window with a view of hills and the sun */}
        <path d="M150 330V150a90 90 0 0 1 180 0v180z" fill="#fffaf3" />
        <path d="M160 330V152a80 80 0 0 1 160 0v178z" fill="url(#hero-sky)" />
        <circle cx="275" cy="150" r="22" fill="#e7a77f" />
        <path d="M160 270c40-30 80-34 120-16s40 10 40 10v66H160z" fill="#c9a98a" opacity="0.7" />
        <path d="M160 296c46-22 98-22 160-6v40H160z" fill="#a8b294" opacity="0.85" />
        <path d="M240 72v258M160 212h160" stroke="#fffaf3" strokeWidth="6" />
        {/* Floor and rug */}
        <rect y="392" width="480" height="128" fill="#d8c3a6" />
        <path d="M0 392h480" stroke="#c9b08f" strokeWidth="2" />
        <ellipse cx="236" cy="462" rx="170" ry="34" fill="#c98f6b" opacity="0.55" />
        <ellipse cx="236" cy="462" rx="136" ry="24" fill="none" stroke="#fffaf3" strokeOpacity="0.55" strokeWidth="2" />
        {/* Floor lamp with its glow */}
        <circle cx="392" cy="190" r="120" fill="url(#hero-lamp)" />
        <path d="M392 212v236" stroke="#2a2623" strokeWidth="4" />
        <path d="M372 448h40" stroke="#2a2623" strokeWidth="5" strokeLinecap="round" />
        <path d="M360 212l10-52h44l10 52z" fill="#f3e1d6" stroke="#d7bfa8" strokeWidth="2" />
        {/* Sofa */}
        <rect x="92" y="330" width="290" height="74" rx="30" fill="#efe6d8" />
        <rect x="70" y="356" width="56" height="76" rx="24" fill="#e6d9c6" />
        <rect x="348" y="356" width="56" height="76" rx="24" fill="#e6d9c6" />
        <rect x="110" y="384" width="256" height="50" rx="18" fill="#f6efe4" />
        <path d="M238 388v44" stroke="#e1d6c6" strokeWidth="3" />
        <rect x="136" y="344" width="62" height="48" rx="14" fill="#a1472c" transform="rotate(-8 167 368)" />
        <rect x="276" y="346" width="58" height="46" rx="14" fill="#66735a" transform="rotate(7 305 369)" />
        <path d="M96 432v16M378 432v16" stroke="#5b524a" strokeWidth="6" strokeLinecap="round" />
        {/* Side table with books and a cup */}
        <ellipse cx="438" cy="414" rx="34" ry="8" fill="#8a6a4f" />
        <path d="M438 414v48" stroke="#8a6a4f" strokeWidth="5" />
        <rect x="418" y="398" width="34" height="8" rx="2" fill="#66735a" />
        <rect x="422" y="390" width="28" height="8" rx="2" fill="#a1472c" />
        {/* Terracotta pot with an olive branch */}
        <path d="M20 392c8-70 30-120 18-170M38 260c-22-10-30-24-30-24M30 300c24-8 34-26 34-26M40 330c-20-4-30-18-30-18M26 232c16-6 24-20 24-20"
          stroke="#66735a" strokeWidth="4" fill="none" strokeLinecap="round" />
        <g fill="#7f8c6f">
          <ellipse cx="10" cy="236" rx="12" ry="5" transform="rotate(35 10 236)" />
          <ellipse cx="62" cy="274" rx="12" ry="5" transform="rotate(-35 62 274)" />
          <ellipse cx="12" cy="312" rx="12" ry="5" transform="rotate(30 12 312)" />
          <ellipse cx="50" cy="212" rx="11" ry="4.5" transform="rotate(-40 50 212)" />
          <ellipse cx="44" cy="248" rx="10" ry="4" transform="rotate(-20 44 248)" />
        </g>
        <path d="M-6 392h62l-10 64H4z" fill="#b8673f" />
        <path d="M-6 392h62v10H-6z" fill="#a1472c" />
        {/* A framed print on the wall */}
        <rect x="372" y="78" width="70" height="88" rx="6" fill="#fffaf3" stroke="#c9b08f" strokeWidth="3" />
        <circle cx="398" cy="112" r="14" fill="#c98f6b" />
        <path d="M384 152c14-18 28-22 48-10" stroke="#66735a" strokeWidth="4" fill="none" strokeLinecap="round" />
      </g>
    </svg>
  );
}
